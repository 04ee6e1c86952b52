import {
  type AminoSignResponse,
  makeCosmoshubPath,
  rawSecp256k1PubkeyToRawAddress,
  Secp256k1Wallet,
  type StdSignature,
  type StdSignDoc,
  serializeSignDoc,
} from '@cosmjs/amino'
import {
  Bip39,
  EnglishMnemonic,
  Secp256k1,
  Secp256k1Signature,
  Slip10,
  Slip10Curve,
  sha256,
} from '@cosmjs/crypto'
import { fromBase64, fromHex, toBase64, toBech32, toUtf8 } from '@cosmjs/encoding'
import {
  type AccountData,
  DirectSecp256k1Wallet,
  type DirectSignResponse,
  type OfflineDirectSigner,
} from '@cosmjs/proto-signing'
import { chainIdMismatch, noChainInfo, requestRejected, unknownSigner } from './errors.ts'
import { COSMOS_TEST_WALLET_ICON } from './icon.ts'

export const COSMOS_TEST_WALLET_NAME = 'Foyer Test Wallet'

/** A chain the wallet knows from the start (the others need `experimentalSuggestChain`). */
export type CosmosTestWalletChain = {
  chainId: string
  bech32Prefix: string
  rpcUrl?: string | undefined
  name?: string | undefined
}

export type CosmosTestWalletBehaviour = {
  /** Answer `enable` (and every call that needs the site's permission) by approving, or refusing. */
  connect: 'approve' | 'reject'
  /** Answer `signDirect`, `signAmino` and `signArbitrary` by signing, or refusing. */
  signing: 'approve' | 'reject'
  /** Answer `experimentalSuggestChain` for an unknown chain by adding it, or refusing. */
  suggestChain: 'approve' | 'reject'
}

/** The key: a private key, or a mnemonic and the index `i` of `m/44'/118'/0'/0/i`. */
export type CosmosTestWalletKey =
  | { privateKeyHex: string }
  | { mnemonic: string; index?: number | undefined }

export type CreateCosmosTestWalletParameters = CosmosTestWalletKey & {
  /** Chains the wallet knows without a suggestion. Default none. */
  chains?: readonly CosmosTestWalletChain[] | undefined
  behaviour?: Partial<CosmosTestWalletBehaviour> | undefined
  /**
   * Where the wallet remembers the chains the site may use and the chains suggested to it, as an
   * extension does across page loads (e.g. `window.localStorage`). Without it, nothing persists.
   */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  /** Default `foyer-cosmos-test-wallet`. */
  storageKey?: string | undefined
}

/** Keplr's `getKey` answer. */
export type CosmosTestWalletKeyInfo = {
  name: string
  algo: 'secp256k1'
  pubKey: Uint8Array
  address: Uint8Array
  bech32Address: string
  ethereumHexAddress: string
  isNanoLedger: boolean
  isKeystone: boolean
}

/** The part of Keplr's `ChainInfo` (`experimentalSuggestChain`) the test wallet reads. */
export type SuggestedChainInfo = {
  chainId: string
  chainName?: string | undefined
  rpc?: string | undefined
  bech32Config?: { bech32PrefixAccAddr?: string | undefined } | undefined
}

/** A sign doc as Keplr takes it: `accountNumber` may be a bigint or a Long. */
export type KeplrSignDoc = {
  bodyBytes?: Uint8Array | null | undefined
  authInfoBytes?: Uint8Array | null | undefined
  chainId?: string | null | undefined
  accountNumber?: bigint | { toString(): string } | null | undefined
}

type OfflineSigner = OfflineDirectSigner & {
  signAmino(signerAddress: string, signDoc: StdSignDoc): Promise<AminoSignResponse>
}

/** The Keplr API (`window.keplr`) the test wallet speaks, plus controls for tests. */
export type CosmosTestWallet = {
  readonly name: string
  readonly icon: string
  readonly version: string
  readonly mode: 'extension'
  enable(chainIds: string | readonly string[]): Promise<void>
  disable(chainIds?: string | readonly string[]): Promise<void>
  getKey(chainId: string): Promise<CosmosTestWalletKeyInfo>
  getOfflineSigner(chainId: string): OfflineSigner
  getOfflineSignerOnlyAmino(chainId: string): Omit<OfflineSigner, 'signDirect'>
  getOfflineSignerAuto(chainId: string): Promise<OfflineSigner>
  signDirect(chainId: string, signer: string, signDoc: KeplrSignDoc): Promise<DirectSignResponse>
  signAmino(chainId: string, signer: string, signDoc: StdSignDoc): Promise<AminoSignResponse>
  /** ADR-36: an amino `sign/MsgSignData` doc with empty chain id, fee and numbers. */
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<StdSignature>
  verifyArbitrary(
    chainId: string,
    signer: string,
    data: string | Uint8Array,
    signature: StdSignature,
  ): Promise<boolean>
  experimentalSuggestChain(chainInfo: SuggestedChainInfo): Promise<void>

  // Controls for tests (not Keplr API).
  setBehaviour(behaviour: Partial<CosmosTestWalletBehaviour>): void
  getBehaviour(): CosmosTestWalletBehaviour
  /** Chain ids the site may use. */
  readonly enabledChains: readonly string[]
  /** Whether the wallet knows the chain (configured or suggested). */
  knowsChain(chainId: string): boolean
  /** The wallet's address on a chain it knows. */
  addressOn(chainId: string): string
  /** Every prompt the wallet showed, in order: `enable:<chainId>`, `suggestChain:<chainId>`, `sign`. */
  readonly prompts: readonly string[]
  /** Selects another key, as a visitor switching accounts in the extension does. */
  changeKey(key: CosmosTestWalletKey): Promise<void>
  /** Called on every key change (`injectCosmosTestWallet` turns it into `keplr_keystorechange`). */
  onKeystoreChange(listener: () => void): () => void
}

type Persisted = { enabled: string[]; suggested: CosmosTestWalletChain[] }

/**
 * A Keplr-compatible wallet over one secp256k1 key, for tests and the demo: what Keplr injects as
 * `window.keplr`, with prompts answered by its behaviour instead of a popup. Like Keplr, every call
 * that needs the site's permission (`getKey`, signing) asks for it first, and refusals are plain
 * `Error('Request rejected')` without a code.
 */
export async function createCosmosTestWallet(
  parameters: CreateCosmosTestWalletParameters,
): Promise<CosmosTestWallet> {
  let privateKey = await toPrivateKey(parameters)
  const { storage, storageKey = 'foyer-cosmos-test-wallet' } = parameters
  const persisted = readPersisted(storage, storageKey)
  const chains = new Map<string, CosmosTestWalletChain>()
  for (const chain of [...(parameters.chains ?? []), ...persisted.suggested])
    chains.set(chain.chainId, chain)
  const enabled = new Set(persisted.enabled.filter((chainId) => chains.has(chainId)))
  const suggested = new Map(persisted.suggested.map((chain) => [chain.chainId, chain]))
  let behaviour: CosmosTestWalletBehaviour = {
    connect: 'approve',
    signing: 'approve',
    suggestChain: 'approve',
    ...parameters.behaviour,
  }
  const prompts: string[] = []
  const keystoreListeners = new Set<() => void>()
  const persist = () =>
    storage?.setItem(
      storageKey,
      JSON.stringify({
        enabled: [...enabled],
        suggested: [...suggested.values()],
      } satisfies Persisted),
    )

  const publicKey = () => Secp256k1.compressPubkey(Secp256k1.makeKeypair(privateKey).pubkey)
  const chainOf = (chainId: string) => {
    const chain = chains.get(chainId)
    if (!chain) throw noChainInfo(chainId)
    return chain
  }
  const addressOn = (chainId: string) =>
    toBech32(chainOf(chainId).bech32Prefix, rawSecp256k1PubkeyToRawAddress(publicKey()))
  // A prompt never answers synchronously, as an extension popup does not.
  const prompt = async (name: string) => {
    prompts.push(name)
    await Promise.resolve()
  }

  async function enable(chainIds: string | readonly string[]) {
    const ids = typeof chainIds === 'string' ? [chainIds] : [...chainIds]
    for (const chainId of ids) chainOf(chainId)
    const missing = ids.filter((chainId) => !enabled.has(chainId))
    if (!missing.length) return
    await prompt(`enable:${missing.join(',')}`)
    if (behaviour.connect === 'reject') throw requestRejected()
    for (const chainId of missing) enabled.add(chainId)
    persist()
  }

  async function signingKey(chainId: string, signer: string) {
    await enable(chainId)
    if (signer !== addressOn(chainId)) throw unknownSigner(signer)
    await prompt('sign')
    if (behaviour.signing === 'reject') throw requestRejected()
    return chainOf(chainId).bech32Prefix
  }

  async function signAmino(chainId: string, signer: string, signDoc: StdSignDoc) {
    const prefix = await signingKey(chainId, signer)
    // ADR-36 docs carry an empty chain id; every other doc is for the chain it is signed on.
    if (signDoc.chain_id !== chainId && signDoc.chain_id !== '')
      throw chainIdMismatch(chainId, signDoc.chain_id)
    return (await Secp256k1Wallet.fromKey(privateKey, prefix)).signAmino(signer, signDoc)
  }

  // ADR-36 as Keplr builds it: no chain id, account number, sequence, fee or memo.
  const adr36Doc = (signer: string, data: string | Uint8Array): StdSignDoc => ({
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    memo: '',
    msgs: [
      {
        type: 'sign/MsgSignData',
        value: { signer, data: toBase64(typeof data === 'string' ? toUtf8(data) : data) },
      },
    ],
  })

  const offlineSigner = (chainId: string): OfflineSigner => ({
    async getAccounts(): Promise<readonly AccountData[]> {
      const key = await wallet.getKey(chainId)
      return [{ address: key.bech32Address, algo: 'secp256k1', pubkey: key.pubKey }]
    },
    signDirect: (signer, signDoc) => wallet.signDirect(chainId, signer, signDoc),
    signAmino: (signer, signDoc) => signAmino(chainId, signer, signDoc),
  })

  const wallet: CosmosTestWallet = {
    name: COSMOS_TEST_WALLET_NAME,
    icon: COSMOS_TEST_WALLET_ICON,
    version: '0.12.0',
    mode: 'extension',
    enable,
    async disable(chainIds) {
      const ids =
        chainIds === undefined ? [...enabled] : typeof chainIds === 'string' ? [chainIds] : chainIds
      for (const chainId of ids) enabled.delete(chainId)
      persist()
    },
    async getKey(chainId) {
      await enable(chainId)
      const pubKey = publicKey()
      const address = rawSecp256k1PubkeyToRawAddress(pubKey)
      return {
        name: 'Foyer Test Account',
        algo: 'secp256k1',
        pubKey,
        address,
        bech32Address: toBech32(chainOf(chainId).bech32Prefix, address),
        ethereumHexAddress: '',
        isNanoLedger: false,
        isKeystone: false,
      }
    },
    getOfflineSigner: offlineSigner,
    getOfflineSignerOnlyAmino(chainId) {
      const { getAccounts, signAmino } = offlineSigner(chainId)
      return { getAccounts, signAmino }
    },
    getOfflineSignerAuto: async (chainId) => offlineSigner(chainId),
    async signDirect(chainId, signer, signDoc) {
      const prefix = await signingKey(chainId, signer)
      if (signDoc.chainId !== chainId) throw chainIdMismatch(chainId, String(signDoc.chainId))
      const direct = await DirectSecp256k1Wallet.fromKey(privateKey, prefix)
      return direct.signDirect(signer, {
        bodyBytes: signDoc.bodyBytes ?? new Uint8Array(),
        authInfoBytes: signDoc.authInfoBytes ?? new Uint8Array(),
        chainId,
        accountNumber: BigInt(String(signDoc.accountNumber ?? 0)),
      })
    },
    signAmino,
    async signArbitrary(chainId, signer, data) {
      const { signature } = await signAmino(chainId, signer, adr36Doc(signer, data))
      return signature
    },
    async verifyArbitrary(chainId, signer, data, signature) {
      if (signer !== addressOn(chainId)) return false
      if (signature.pub_key.value !== toBase64(publicKey())) return false
      const hash = sha256(serializeSignDoc(adr36Doc(signer, data)))
      return Secp256k1.verifySignature(
        Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
        hash,
        publicKey(),
      )
    },
    async experimentalSuggestChain(chainInfo) {
      // Keplr: "If the same chain is already added to Keplr, nothing will happen."
      if (chains.has(chainInfo.chainId)) return
      const bech32Prefix = chainInfo.bech32Config?.bech32PrefixAccAddr
      if (!bech32Prefix) throw new TypeError('bech32Config.bech32PrefixAccAddr is required.')
      await prompt(`suggestChain:${chainInfo.chainId}`)
      if (behaviour.suggestChain === 'reject') throw requestRejected()
      const chain = {
        chainId: chainInfo.chainId,
        bech32Prefix,
        rpcUrl: chainInfo.rpc,
        name: chainInfo.chainName,
      }
      chains.set(chain.chainId, chain)
      suggested.set(chain.chainId, chain)
      persist()
    },

    setBehaviour(next) {
      behaviour = { ...behaviour, ...next }
    },
    getBehaviour: () => ({ ...behaviour }),
    get enabledChains() {
      return [...enabled]
    },
    knowsChain: (chainId) => chains.has(chainId),
    addressOn,
    get prompts() {
      return [...prompts]
    },
    async changeKey(key) {
      privateKey = await toPrivateKey(key)
      for (const listener of [...keystoreListeners]) listener()
    },
    onKeystoreChange(listener) {
      keystoreListeners.add(listener)
      return () => keystoreListeners.delete(listener)
    },
  }
  return wallet
}

async function toPrivateKey(key: CosmosTestWalletKey): Promise<Uint8Array> {
  if ('privateKeyHex' in key) {
    const bytes = fromHex(key.privateKeyHex.replace(/^0x/, ''))
    if (bytes.length !== 32)
      throw new TypeError(`A secp256k1 key is 32 bytes, got ${bytes.length}.`)
    return bytes
  }
  // cosmjs' BIP-39 and SLIP-10 (pure JS), so the wallet also runs in a browser page.
  const seed = await Bip39.mnemonicToSeed(new EnglishMnemonic(key.mnemonic))
  return Slip10.derivePath(Slip10Curve.Secp256k1, seed, makeCosmoshubPath(key.index ?? 0)).privkey
}

function readPersisted(storage: Pick<Storage, 'getItem'> | undefined, key: string): Persisted {
  try {
    const raw = storage?.getItem(key)
    const parsed = raw ? (JSON.parse(raw) as Partial<Persisted>) : {}
    return { enabled: parsed.enabled ?? [], suggested: parsed.suggested ?? [] }
  } catch {
    return { enabled: [], suggested: [] }
  }
}
