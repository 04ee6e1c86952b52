import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON, SignerPayloadRaw, SignerResult } from '@polkadot/types/types'
import { hexToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, decodeAddress, mnemonicGenerate } from '@polkadot/util-crypto'
import { cancelled, notAllowed, rejectedByUser, UnknownAccountError } from './errors.ts'
import { POLKADOT_TEST_WALLET_ICON } from './icon.ts'

export const POLKADOT_TEST_WALLET_NAME = 'Foyer Test Wallet'
/** Its key in `window.injectedWeb3`, as `polkadot-js` or `talisman` are for the real ones. */
export const POLKADOT_TEST_WALLET_KEY = 'foyer-test-wallet'

export type PolkadotKeyType = 'sr25519' | 'ed25519' | 'ecdsa' | 'ethereum'

/** A key given by its secret URI (`mnemonic//path`, `0x…` seed, `//Alice`), with what the wallet shows. */
export type PolkadotTestWalletKey = {
  uri: string
  name?: string | undefined
  /** Default sr25519, what extensions create. */
  type?: PolkadotKeyType | undefined
  /** Pins the account to one chain, as an extension does for a chain-specific account. */
  genesisHash?: string | null | undefined
}

export type PolkadotTestWalletBehaviour = {
  /** Answer `enable` for a site not authorised yet by approving, or with 'Rejected by user'. */
  connect: 'approve' | 'reject'
  /** Answer `signPayload` and `signRaw` by signing, or with 'Cancelled'. */
  signing: 'approve' | 'reject'
}

export type CreatePolkadotTestWalletParameters = {
  /** The accounts are `mnemonic + path` for each of `derivationPaths` (default the root, ''). */
  mnemonic?: string | undefined
  derivationPaths?: readonly string[] | undefined
  /** Secret URIs instead of a mnemonic; a fresh mnemonic when neither is given. */
  seeds?: readonly (string | PolkadotTestWalletKey)[] | undefined
  /** SS58 prefix of the addresses the wallet lists. Default 42 (generic Substrate). */
  ss58Prefix?: number | undefined
  behaviour?: Partial<PolkadotTestWalletBehaviour> | undefined
  /**
   * Where the wallet remembers that the site is authorised, as an extension does across page loads
   * (e.g. `window.localStorage`). Without it, nothing persists.
   */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  /** Default `foyer-polkadot-test-wallet`. */
  storageKey?: string | undefined
}

/** An account as `accounts.get()` lists it (`InjectedAccount` of `@polkadot/extension-inject`). */
export type PolkadotTestWalletAccount = {
  address: string
  name: string
  type: PolkadotKeyType
  genesisHash: string | null
}

/** What `enable` resolves with (`Injected` of `@polkadot/extension-inject`). */
export type PolkadotTestWalletInjected = {
  accounts: {
    get(anyType?: boolean): Promise<PolkadotTestWalletAccount[]>
    subscribe(callback: (accounts: PolkadotTestWalletAccount[]) => void | Promise<void>): () => void
  }
  signer: {
    signPayload(payload: SignerPayloadJSON): Promise<SignerResult>
    signRaw(raw: SignerPayloadRaw): Promise<SignerResult>
  }
}

export type PolkadotTestWalletRequest = {
  method: 'signPayload' | 'signRaw'
  address: string
  answer: 'signed' | 'cancelled'
}

export type PolkadotTestWallet = {
  readonly name: string
  readonly icon: string
  readonly version: string
  /** What a page calls through `window.injectedWeb3[key].enable(originName)`. */
  enable(originName: string): Promise<PolkadotTestWalletInjected>
  /** Every account the wallet holds (also those `accounts.get()` would leave out). */
  readonly accounts: readonly PolkadotTestWalletAccount[]
  /** The key pairs, for tests that check a signature. */
  readonly pairs: readonly KeyringPair[]
  /** True once the site was authorised (after an approved `enable`). */
  readonly isAuthorized: boolean
  /** The app names passed to `enable`, oldest first. */
  readonly enabledBy: readonly string[]
  /** Every signing request the wallet was asked, oldest first. */
  readonly requests: readonly PolkadotTestWalletRequest[]
  setBehaviour(behaviour: Partial<PolkadotTestWalletBehaviour>): void
  getBehaviour(): PolkadotTestWalletBehaviour
  /** Forgets the site's authorisation, as the visitor would in the extension's settings. */
  revoke(): void
}

const substrateTypes: readonly PolkadotKeyType[] = ['sr25519', 'ed25519', 'ecdsa']

/**
 * A polkadot-js style extension over `@polkadot/keyring` pairs: what polkadot{.js}, Talisman or
 * SubWallet inject, with popups answered by its behaviour. `signPayload` signs the extrinsic
 * payload the way polkadot{.js}' `RequestExtrinsicSign` does (a registry with the payload's signed
 * extensions, `ExtrinsicPayload` of the payload's version); `signRaw` signs the `<Bytes>`-wrapped
 * data, as every extension does.
 */
export async function createPolkadotTestWallet(
  parameters: CreatePolkadotTestWalletParameters = {},
): Promise<PolkadotTestWallet> {
  // sr25519 is wasm: it must be loaded before the keyring creates a pair.
  await cryptoWaitReady()
  const { ss58Prefix = 42, storage, storageKey = 'foyer-polkadot-test-wallet' } = parameters
  const keyring = new Keyring({ type: 'sr25519', ss58Format: ss58Prefix })
  const keys = toKeys(parameters)
  const pairs = keys.map((key, index) =>
    keyring.addFromUri(key.uri, { name: key.name ?? `Foyer Test Account ${index + 1}` }, key.type),
  )
  const accounts = keys.map(
    (key, index): PolkadotTestWalletAccount => ({
      address: pairs[index]!.address,
      name: String(pairs[index]!.meta.name),
      type: key.type ?? 'sr25519',
      genesisHash: key.genesisHash ?? null,
    }),
  )

  let behaviour: PolkadotTestWalletBehaviour = {
    connect: 'approve',
    signing: 'approve',
    ...parameters.behaviour,
  }
  let authorized = readAuthorized(storage, storageKey)
  const enabledBy: string[] = []
  const requests: PolkadotTestWalletRequest[] = []
  const subscribers = new Set<(accounts: PolkadotTestWalletAccount[]) => void | Promise<void>>()
  let nextId = 1

  const visible = (anyType = false) =>
    authorized ? accounts.filter((account) => anyType || substrateTypes.includes(account.type)) : []
  const setAuthorized = (next: boolean) => {
    authorized = next
    storage?.setItem(storageKey, JSON.stringify({ authorized }))
    for (const subscriber of subscribers) void subscriber(visible())
  }
  const pairOf = (address: string) => {
    // Any SS58 prefix names the same key: the page may format addresses for its network.
    let publicKey: string
    try {
      publicKey = u8aToHex(decodeAddress(address))
    } catch {
      throw new UnknownAccountError({ address })
    }
    const pair = pairs.find((candidate) => u8aToHex(candidate.publicKey) === publicKey)
    if (!pair) throw new UnknownAccountError({ address })
    return pair
  }
  const answer = (method: PolkadotTestWalletRequest['method'], address: string) => {
    if (!authorized) throw notAllowed(originOf())
    const pair = pairOf(address)
    const refused = behaviour.signing === 'reject'
    requests.push({ method, address, answer: refused ? 'cancelled' : 'signed' })
    if (refused) throw cancelled()
    return pair
  }

  const injected: PolkadotTestWalletInjected = {
    accounts: {
      async get(anyType) {
        if (!authorized) throw notAllowed(originOf())
        return visible(anyType)
      },
      subscribe(callback) {
        subscribers.add(callback)
        // Extensions answer a subscription with the current accounts right away.
        void callback(visible())
        return () => {
          subscribers.delete(callback)
        }
      },
    },
    signer: {
      async signPayload(payload) {
        const pair = answer('signPayload', payload.address)
        const registry = new TypeRegistry()
        registry.setSignedExtensions(payload.signedExtensions)
        const { signature } = registry
          .createType('ExtrinsicPayload', payload, { version: payload.version })
          .sign(pair)
        return { id: nextId++, signature }
      },
      async signRaw(raw) {
        const pair = answer('signRaw', raw.address)
        // Wrapping is idempotent: data the page wrapped already is signed as is.
        const signature = pair.sign(u8aWrapBytes(hexToU8a(raw.data)))
        return { id: nextId++, signature: u8aToHex(signature) }
      },
    },
  }

  return {
    name: POLKADOT_TEST_WALLET_NAME,
    icon: POLKADOT_TEST_WALLET_ICON,
    version: '0.1.0',
    async enable(originName) {
      enabledBy.push(originName)
      if (!authorized) {
        if (behaviour.connect === 'reject') throw rejectedByUser()
        setAuthorized(true)
      }
      return injected
    },
    accounts,
    pairs,
    get isAuthorized() {
      return authorized
    },
    enabledBy,
    requests,
    setBehaviour(next) {
      behaviour = { ...behaviour, ...next }
    },
    getBehaviour: () => ({ ...behaviour }),
    revoke() {
      if (authorized) setAuthorized(false)
    },
  }
}

function toKeys(parameters: CreatePolkadotTestWalletParameters): PolkadotTestWalletKey[] {
  if (parameters.seeds?.length)
    return parameters.seeds.map((seed) => (typeof seed === 'string' ? { uri: seed } : seed))
  const mnemonic = parameters.mnemonic ?? mnemonicGenerate()
  return (parameters.derivationPaths ?? ['']).map((path) => ({ uri: `${mnemonic}${path}` }))
}

function readAuthorized(
  storage: CreatePolkadotTestWalletParameters['storage'],
  key: string,
): boolean {
  try {
    const raw = storage?.getItem(key)
    return raw ? (JSON.parse(raw) as { authorized?: unknown }).authorized === true : false
  } catch {
    return false
  }
}

const originOf = () =>
  typeof location === 'undefined' ? 'this page' : String(location.origin ?? 'this page')
