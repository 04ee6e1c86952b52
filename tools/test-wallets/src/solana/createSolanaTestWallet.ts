import {
  createKeyPairSignerFromBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  type KeyPairSigner,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import { unauthorized, unsupportedChain, userRejected } from './errors.ts'
import { SOLANA_TEST_WALLET_ICON } from './icon.ts'

export const SOLANA_TEST_WALLET_NAME = 'Foyer Test Wallet'

/** Wallet-standard chain ids the test wallet can sign for. */
export type SolanaTestWalletChain =
  | 'solana:mainnet'
  | 'solana:devnet'
  | 'solana:testnet'
  | 'solana:localnet'

export type SolanaTestWalletBehaviour = {
  /** Answer an interactive `standard:connect` by approving, or with 4001. */
  connect: 'approve' | 'reject'
  /** Answer `solana:signMessage` / `signTransaction` / `signAndSendTransaction` by approving, or with 4001. */
  sign: 'approve' | 'reject'
}

export type CreateSolanaTestWalletParameters = {
  /**
   * The key: a `@solana/kit` signer, 64 secret-key bytes (`solana-keygen` format, as
   * `@foyer/devnet` hands out), or 32 private-key bytes. A fresh key when absent.
   */
  key?: KeyPairSigner | Uint8Array | readonly number[] | undefined
  /** Where `solana:signAndSendTransaction` sends, per chain. Default localnet `http://127.0.0.1:8899`. */
  rpcUrls?: Partial<Record<SolanaTestWalletChain, string>> | undefined
  /** Default all four clusters. */
  chains?: readonly SolanaTestWalletChain[] | undefined
  behaviour?: Partial<SolanaTestWalletBehaviour> | undefined
  /**
   * Where the wallet remembers that the site is authorised, as an extension does across page loads
   * (e.g. `window.localStorage`). Without it, nothing persists.
   */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  /** Default `foyer-solana-test-wallet`. */
  storageKey?: string | undefined
}

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

export type SolanaTestWallet = Wallet & {
  readonly features: Features
  /** The wallet's key. */
  readonly signer: KeyPairSigner
  /** True once the site was authorised (after an approved `standard:connect`). */
  readonly isAuthorized: boolean
  setBehaviour(behaviour: Partial<SolanaTestWalletBehaviour>): void
  getBehaviour(): SolanaTestWalletBehaviour
}

const allChains: readonly SolanaTestWalletChain[] = [
  'solana:mainnet',
  'solana:devnet',
  'solana:testnet',
  'solana:localnet',
]

/**
 * A wallet-standard Solana wallet over one `@solana/kit` key: what a browser extension like Phantom
 * registers, with prompts answered by its behaviour instead of a popup. `signAndSendTransaction`
 * sends to the RPC configured for the input's chain.
 */
export async function createSolanaTestWallet(
  parameters: CreateSolanaTestWalletParameters = {},
): Promise<SolanaTestWallet> {
  const signer = await toSigner(parameters.key)
  const chains = parameters.chains ?? allChains
  const rpcUrls: Partial<Record<SolanaTestWalletChain, string>> = {
    'solana:localnet': 'http://127.0.0.1:8899',
    ...parameters.rpcUrls,
  }
  let behaviour: SolanaTestWalletBehaviour = {
    connect: 'approve',
    sign: 'approve',
    ...parameters.behaviour,
  }
  const publicKey = new Uint8Array(getBase58Encoder().encode(signer.address))
  const account: WalletAccount = Object.freeze({
    address: signer.address,
    publicKey,
    chains: [...chains],
    features: [SolanaSignMessage, SolanaSignTransaction, SolanaSignAndSendTransaction] as const,
    label: 'Foyer Test Account',
  })
  const { storage, storageKey = 'foyer-solana-test-wallet' } = parameters
  let authorized = readAuthorized(storage, storageKey)
  const listeners = new Set<StandardEventsListeners['change']>()
  const emitChange = () => {
    storage?.setItem(storageKey, JSON.stringify({ authorized }))
    for (const listener of listeners) listener({ accounts: authorized ? [account] : [] })
  }

  const assertAuthorized = (input: { account: WalletAccount }) => {
    if (!authorized || input.account.address !== signer.address) throw unauthorized()
    if (behaviour.sign === 'reject') throw userRejected()
  }
  const assertChain = (chain: IdentifierString | undefined) => {
    if (chain !== undefined && !chains.includes(chain as SolanaTestWalletChain))
      throw unsupportedChain(chain)
  }
  const decoder = getTransactionDecoder()
  const encoder = getTransactionEncoder()
  const sign = async (input: SolanaSignTransactionInput) => {
    assertAuthorized(input)
    assertChain(input.chain)
    // Partially: a transaction may carry other signers (e.g. a new mint) signed by the app.
    return partiallySignTransaction([signer.keyPair], decoder.decode(input.transaction))
  }

  const wallet: SolanaTestWallet = {
    version: '1.0.0',
    name: SOLANA_TEST_WALLET_NAME,
    icon: SOLANA_TEST_WALLET_ICON,
    chains: [...chains],
    get accounts() {
      return authorized ? [account] : []
    },
    get isAuthorized() {
      return authorized
    },
    signer,
    setBehaviour(next) {
      behaviour = { ...behaviour, ...next }
    },
    getBehaviour: () => ({ ...behaviour }),
    features: {
      [StandardConnect]: {
        version: '1.0.0',
        async connect(input) {
          if (!authorized) {
            // A silent connect never prompts: it answers only for a site authorised before.
            if (input?.silent) return { accounts: [] }
            if (behaviour.connect === 'reject') throw userRejected()
            authorized = true
            emitChange()
          }
          return { accounts: [account] }
        },
      },
      [StandardDisconnect]: {
        version: '1.0.0',
        async disconnect() {
          if (!authorized) return
          authorized = false
          emitChange()
        },
      },
      [StandardEvents]: {
        version: '1.0.0',
        on(event, listener) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      [SolanaSignMessage]: {
        version: '1.1.0',
        async signMessage(...inputs) {
          return Promise.all(
            inputs.map(async (input) => {
              assertAuthorized(input)
              const signature = await signBytes(signer.keyPair.privateKey, input.message)
              return {
                signedMessage: input.message,
                signature: new Uint8Array(signature),
                signatureType: 'ed25519' as const,
              }
            }),
          )
        },
      },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs) {
          return Promise.all(
            inputs.map(async (input) => ({
              signedTransaction: new Uint8Array(encoder.encode(await sign(input))),
            })),
          )
        },
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs) {
          const outputs = []
          // In order: later transactions may depend on earlier ones.
          for (const input of inputs) outputs.push(await signAndSend(input))
          return outputs
        },
      },
    },
  }

  async function signAndSend(input: SolanaSignAndSendTransactionInput) {
    const signed = await sign(input)
    const rpcUrl = rpcUrls[input.chain as SolanaTestWalletChain]
    if (!rpcUrl) throw unsupportedChain(input.chain)
    const signature = await createSolanaRpc(rpcUrl)
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        preflightCommitment: input.options?.preflightCommitment ?? 'confirmed',
        skipPreflight: input.options?.skipPreflight,
        maxRetries:
          input.options?.maxRetries === undefined ? undefined : BigInt(input.options.maxRetries),
      })
      .send()
    return { signature: new Uint8Array(getBase58Encoder().encode(signature)) }
  }

  return wallet
}

function readAuthorized(storage: Pick<Storage, 'getItem'> | undefined, key: string): boolean {
  try {
    const raw = storage?.getItem(key)
    return raw ? (JSON.parse(raw) as { authorized?: unknown }).authorized === true : false
  } catch {
    return false
  }
}

async function toSigner(key: CreateSolanaTestWalletParameters['key']): Promise<KeyPairSigner> {
  if (key === undefined) return generateKeyPairSigner()
  if (!(key instanceof Uint8Array) && !Array.isArray(key)) return key as KeyPairSigner
  const bytes = new Uint8Array(key)
  if (bytes.length === 64) return createKeyPairSignerFromBytes(bytes)
  if (bytes.length === 32) return createKeyPairSignerFromPrivateKeyBytes(bytes)
  throw new TypeError(`A Solana key is 32 or 64 bytes, got ${bytes.length}.`)
}
