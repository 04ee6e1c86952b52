import {
  BITCOIN_ADDRESS_FORMATS,
  type BitcoinConnectFeature,
  type BitcoinNetworkKind,
  type BitcoinSignMessageFeature,
  type BitcoinSignTransactionFeature,
  type SatsConnectEventName,
  type SatsConnectProvider,
  type SatsConnectResponse,
  type SatsConnectWallet,
  signBitcoinMessage,
} from '@foyer/bitcoin'
import { schnorr } from '@noble/curves/secp256k1.js'
import { base64, hex } from '@scure/base'
import { CompactSize, p2tr, p2wpkh, Transaction, WIF } from '@scure/btc-signer'
import {
  concatBytes,
  pubECDSA,
  pubSchnorr,
  randomPrivateKeyBytes,
  sha256x2,
} from '@scure/btc-signer/utils.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import {
  accessDenied,
  BitcoinWalletError,
  internalError,
  invalidParams,
  methodNotFound,
  userRejected,
} from './errors.ts'
import { BITCOIN_TEST_WALLET_ICON } from './icon.ts'
import { type BitcoinTestWalletKey, signPsbtInputs } from './signPsbtInputs.ts'

export const BITCOIN_TEST_WALLET_NAME = 'Foyer Test Wallet'
/** Where the provider lives on `window`, and its id in `window.btc_providers`. */
export const BITCOIN_TEST_WALLET_PROVIDER_ID = 'FoyerTestWallet.BitcoinProvider'

/** Every sats-connect method the test wallet answers. */
export const BITCOIN_TEST_WALLET_METHODS = [
  'getInfo',
  'wallet_connect',
  'wallet_getAccount',
  'wallet_disconnect',
  'wallet_renouncePermissions',
  'getAccounts',
  'getAddresses',
  'signMessage',
  'signPsbt',
] as const
export type BitcoinTestWalletMethod = (typeof BITCOIN_TEST_WALLET_METHODS)[number]

export type BitcoinTestWalletBehaviour = {
  /** Answer a connect prompt (`wallet_connect`, `getAccounts`, `bitcoin:connect`) by approving, or refusing. */
  connect: 'approve' | 'reject'
  /** Answer `signMessage` / `signPsbt` (and their wallet-standard features) by signing, or refusing. */
  signing: 'approve' | 'reject'
}

/** 32 bytes, their hex, or a WIF string. */
export type BitcoinTestWalletKeyInput = Uint8Array | string

export type CreateBitcoinTestWalletParameters = {
  /** Key of the payment address (P2WPKH). A fresh key when absent. */
  paymentKey?: BitcoinTestWalletKeyInput | undefined
  /** Key of the ordinals address (key-path P2TR). A fresh key when absent. */
  ordinalKey?: BitcoinTestWalletKeyInput | undefined
  /** Which chain's addresses it holds (default regtest). */
  network?: BitcoinNetworkKind | undefined
  /** Esplora REST URL where `signPsbt` with `broadcast: true` sends. */
  esploraUrl?: string | undefined
  behaviour?: Partial<BitcoinTestWalletBehaviour> | undefined
  /** The sats-connect methods it answers (default all); fewer to play an older wallet. */
  methods?: readonly BitcoinTestWalletMethod[] | undefined
  /**
   * Where the wallet remembers that the site is authorised, as an extension does across page loads
   * (e.g. `window.localStorage`). Without it, nothing persists.
   */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  /** Default `foyer-bitcoin-test-wallet`. */
  storageKey?: string | undefined
}

/** An address of the wallet as sats-connect reports it. */
export type BitcoinTestWalletAddress = {
  address: string
  /** Hex: compressed for payment, x-only for the Taproot ordinals address. */
  publicKey: string
  purpose: 'payment' | 'ordinals'
  addressType: 'p2wpkh' | 'p2tr'
  walletType: 'software'
}

type StandardFeatures = BitcoinConnectFeature &
  BitcoinSignMessageFeature &
  BitcoinSignTransactionFeature &
  StandardDisconnectFeature &
  StandardEventsFeature

export type BitcoinTestWallet = SatsConnectWallet & {
  readonly network: BitcoinNetworkKind
  readonly payment: BitcoinTestWalletAddress
  readonly ordinal: BitcoinTestWalletAddress
  /** The same wallet as a Bitcoin wallet-standard wallet. */
  readonly standard: Wallet & { readonly features: StandardFeatures }
  /** True once the site was authorised (after an approved connect). */
  readonly isAuthorized: boolean
  setBehaviour(behaviour: Partial<BitcoinTestWalletBehaviour>): void
  getBehaviour(): BitcoinTestWalletBehaviour
  /** Revokes the site from the wallet's side, as a visitor would in the extension. */
  revoke(): void
}

const satsConnectNetworkNames: Record<BitcoinNetworkKind, string> = {
  mainnet: 'Mainnet',
  testnet: 'Testnet',
  regtest: 'Regtest',
}

/**
 * An Xverse-style Bitcoin wallet over two keys, for tests and the demo: a sats-connect provider
 * (JSON-RPC `request(method, params)` answering `{ result }` or `{ error }`, refusals as -32000)
 * and the same wallet through the Bitcoin wallet standard (refusals thrown with 4001). Prompts
 * are answered by `behaviour`; messages are signed with BIP-322 (or ECDSA where sats-connect
 * defaults to it); PSBT inputs are signed only where they pay one of its addresses.
 */
export function createBitcoinTestWallet(
  parameters: CreateBitcoinTestWalletParameters = {},
): BitcoinTestWallet {
  const network = parameters.network ?? 'regtest'
  const format = BITCOIN_ADDRESS_FORMATS[network]
  const paymentKey = toPrivateKey(parameters.paymentKey)
  const ordinalKey = toPrivateKey(parameters.ordinalKey)
  const paymentPayment = p2wpkh(pubECDSA(paymentKey), format)
  const ordinalInternalKey = pubSchnorr(ordinalKey)
  const ordinalPayment = p2tr(ordinalInternalKey, undefined, format)
  const payment: BitcoinTestWalletAddress = {
    address: paymentPayment.address!,
    publicKey: hex.encode(pubECDSA(paymentKey)),
    purpose: 'payment',
    addressType: 'p2wpkh',
    walletType: 'software',
  }
  const ordinal: BitcoinTestWalletAddress = {
    address: ordinalPayment.address!,
    publicKey: hex.encode(ordinalInternalKey),
    purpose: 'ordinals',
    addressType: 'p2tr',
    walletType: 'software',
  }
  const keys: BitcoinTestWalletKey[] = [
    { address: payment.address, script: paymentPayment.script, privateKey: paymentKey },
    {
      address: ordinal.address,
      script: ordinalPayment.script,
      privateKey: ordinalKey,
      tapInternalKey: ordinalInternalKey,
    },
  ]
  const keyOf = (address: unknown) => keys.find((key) => key.address === address)
  const methods = new Set<string>(parameters.methods ?? BITCOIN_TEST_WALLET_METHODS)
  let behaviour: BitcoinTestWalletBehaviour = {
    connect: 'approve',
    signing: 'approve',
    ...parameters.behaviour,
  }
  const { storage, storageKey = 'foyer-bitcoin-test-wallet' } = parameters
  let authorized = readAuthorized(storage, storageKey)

  const satsConnectListeners = new Set<{
    eventName: SatsConnectEventName
    cb: (event: never) => void
  }>()
  const standardListeners = new Set<StandardEventsListeners['change']>()
  const setAuthorized = (next: boolean) => {
    if (next === authorized) return
    authorized = next
    storage?.setItem(storageKey, JSON.stringify({ authorized }))
    for (const listener of [...satsConnectListeners])
      if (listener.eventName === (next ? 'accountChange' : 'disconnect'))
        (listener.cb as (event: unknown) => void)(
          next ? { type: 'accountChange', addresses: [payment, ordinal] } : { type: 'disconnect' },
        )
    for (const listener of [...standardListeners]) listener({ accounts: standardAccounts() })
  }

  const addressesFor = (purposes: unknown) => {
    const asked = Array.isArray(purposes) ? purposes : ['payment', 'ordinals']
    return [payment, ordinal].filter((address) => asked.includes(address.purpose))
  }
  const accountResult = () => ({
    id: 'foyer-test-account',
    addresses: [payment, ordinal],
    walletType: 'software',
    network: {
      bitcoin: { name: satsConnectNetworkNames[network] },
      stacks: { name: network === 'mainnet' ? 'mainnet' : 'testnet' },
      spark: { name: network === 'mainnet' ? 'mainnet' : 'regtest' },
    },
  })
  /** A connect prompt: answered at once for a site already authorised, else by `behaviour`. */
  const prompt = async (protocol: 'sats-connect' | 'wallet-standard') => {
    await Promise.resolve() // a prompt never answers synchronously
    if (authorized) return
    if (behaviour.connect === 'reject') throw userRejected(protocol)
    setAuthorized(true)
  }
  const assertCanSign = (protocol: 'sats-connect' | 'wallet-standard') => {
    if (!authorized) throw accessDenied()
    if (behaviour.signing === 'reject') throw userRejected(protocol)
  }

  async function signMessage(input: Record<string, unknown>) {
    assertCanSign('sats-connect')
    const key = keyOf(input.address)
    if (!key) throw invalidParams(`${String(input.address)} is not an address of this wallet.`)
    if (typeof input.message !== 'string') throw invalidParams('signMessage needs a message.')
    // sats-connect's default: ECDSA for P2WPKH and P2SH addresses, BIP-322 for Taproot.
    const protocol = input.protocol ?? (key === keys[1] ? 'BIP322' : 'ECDSA')
    if (protocol !== 'BIP322' && protocol !== 'ECDSA')
      throw invalidParams(`Unknown protocol ${String(protocol)}.`)
    if (protocol === 'ECDSA' && key === keys[1])
      throw invalidParams('Taproot addresses sign with BIP-322 only.')
    const bytes = new TextEncoder().encode(input.message)
    return {
      signature: signBitcoinMessage({
        privateKey: key.privateKey,
        address: key.address,
        message: input.message,
        protocol: protocol === 'BIP322' ? 'bip322' : 'legacy',
      }),
      messageHash: hex.encode(
        protocol === 'BIP322'
          ? schnorr.utils.taggedHash('BIP0322-signed-message', bytes)
          : legacyMessageHash(bytes),
      ),
      address: key.address,
      protocol,
    }
  }

  async function signPsbt(input: Record<string, unknown>) {
    assertCanSign('sats-connect')
    if (typeof input.psbt !== 'string') throw invalidParams('signPsbt needs { psbt: base64 }.')
    const signed = signPsbtInputs({
      psbt: base64.decode(input.psbt),
      keys,
      signInputs: input.signInputs as Record<string, number[]> | undefined,
    })
    if (input.broadcast !== true) return { psbt: base64.encode(signed) }
    return { psbt: base64.encode(signed), txid: await broadcast(signed) }
  }

  async function broadcast(psbt: Uint8Array) {
    if (!parameters.esploraUrl)
      throw internalError('The wallet has no Esplora URL to broadcast to.')
    const transaction = Transaction.fromPSBT(psbt)
    transaction.finalize()
    const response = await fetch(`${parameters.esploraUrl.replace(/\/+$/, '')}/tx`, {
      method: 'POST',
      body: hex.encode(transaction.extract()),
    })
    const text = (await response.text()).trim()
    if (!response.ok) throw internalError(`The node refused the transaction: ${text}`)
    return text
  }

  async function answer(method: string, params: unknown): Promise<unknown> {
    if (!methods.has(method)) throw methodNotFound(method)
    const input = (params ?? {}) as Record<string, unknown>
    switch (method as BitcoinTestWalletMethod) {
      case 'getInfo':
        return { version: '1.0.0', platform: 'web', methods: [...methods], supports: [] }
      case 'wallet_connect':
        await prompt('sats-connect')
        return { ...accountResult(), addresses: addressesFor(input.addresses) }
      case 'getAccounts':
        await prompt('sats-connect')
        return addressesFor(input.purposes)
      case 'getAddresses':
        await prompt('sats-connect')
        return { addresses: addressesFor(input.purposes) }
      case 'wallet_getAccount':
        // Never prompts: only a site authorised before gets its addresses.
        if (!authorized) throw accessDenied()
        return accountResult()
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        setAuthorized(false)
        return null
      case 'signMessage':
        return signMessage(input)
      case 'signPsbt':
        return signPsbt(input)
    }
  }

  let requests = 0
  const provider: SatsConnectProvider = {
    async request(method, params) {
      const id = `foyer-${++requests}`
      try {
        return { jsonrpc: '2.0', id, result: await answer(method, params) }
      } catch (error) {
        const { code, message } =
          error instanceof BitcoinWalletError ? error : internalError(String(error), error)
        // sats-connect wallets resolve with the error response rather than rejecting.
        return { jsonrpc: '2.0', id, error: { code, message } } satisfies SatsConnectResponse
      }
    },
    addListener(listener) {
      const entry = listener as { eventName: SatsConnectEventName; cb: (event: never) => void }
      satsConnectListeners.add(entry)
      return () => satsConnectListeners.delete(entry)
    },
  }

  const toStandardAccount = (address: BitcoinTestWalletAddress): WalletAccount =>
    Object.freeze({
      address: address.address,
      publicKey: hex.decode(address.publicKey),
      chains: [`bitcoin:${network}`] as const,
      features: ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const,
      label: address.purpose === 'payment' ? 'Foyer Test Payments' : 'Foyer Test Ordinals',
      purpose: address.purpose,
    })
  const standardByAddress = new Map(
    [payment, ordinal].map((address) => [address.address, toStandardAccount(address)]),
  )
  const standardAccounts = () => (authorized ? [...standardByAddress.values()] : [])
  const standardAccountKey = (account: WalletAccount) => {
    if (!authorized) throw accessDenied()
    const key = keyOf(account.address)
    if (!key) throw invalidParams(`${account.address} is not an account of this wallet.`)
    return key
  }

  const standard: BitcoinTestWallet['standard'] = {
    version: '1.0.0',
    name: BITCOIN_TEST_WALLET_NAME,
    icon: BITCOIN_TEST_WALLET_ICON,
    chains: [`bitcoin:${network}`],
    get accounts() {
      return standardAccounts()
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        async connect({ purposes }) {
          await prompt('wallet-standard')
          // One account per purpose, in the order asked for.
          return {
            accounts: purposes.map(
              (purpose) =>
                standardByAddress.get(purpose === 'payment' ? payment.address : ordinal.address)!,
            ),
          }
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs) {
          return inputs.map((input) => {
            const key = standardAccountKey(input.account)
            if (behaviour.signing === 'reject') throw userRejected('wallet-standard')
            const signature = signBitcoinMessage({
              privateKey: key.privateKey,
              address: key.address,
              message: input.message,
            })
            return { signedMessage: input.message, signature: base64.decode(signature) }
          })
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        async signTransaction(...inputs) {
          return inputs.map((input) => {
            const signInputs: Record<string, number[]> = {}
            for (const { account, signingIndexes } of input.inputsToSign) {
              const key = standardAccountKey(account)
              signInputs[key.address] = [...(signInputs[key.address] ?? []), ...signingIndexes]
            }
            if (behaviour.signing === 'reject') throw userRejected('wallet-standard')
            return { signedPsbt: signPsbtInputs({ psbt: input.psbt, keys, signInputs }) }
          })
        },
      },
      [StandardDisconnect]: {
        version: '1.0.0',
        async disconnect() {
          setAuthorized(false)
        },
      },
      [StandardEvents]: {
        version: '1.0.0',
        on(event, listener) {
          if (event !== 'change') return () => {}
          standardListeners.add(listener)
          return () => standardListeners.delete(listener)
        },
      },
    },
  }

  return {
    id: BITCOIN_TEST_WALLET_PROVIDER_ID,
    name: BITCOIN_TEST_WALLET_NAME,
    icon: BITCOIN_TEST_WALLET_ICON,
    methods: [...methods],
    provider,
    network,
    payment,
    ordinal,
    standard,
    get isAuthorized() {
      return authorized
    },
    setBehaviour(next) {
      behaviour = { ...behaviour, ...next }
    },
    getBehaviour: () => ({ ...behaviour }),
    revoke: () => setAuthorized(false),
  }
}

function toPrivateKey(input: BitcoinTestWalletKeyInput | undefined): Uint8Array {
  if (input === undefined) return randomPrivateKeyBytes()
  if (input instanceof Uint8Array) return input
  const text = input.replace(/^0x/, '')
  if (/^[0-9a-f]{64}$/i.test(text)) return hex.decode(text)
  // WIF: mainnet keys start with K, L or 5; test networks' with c or 9.
  return WIF(
    /^[KL5]/.test(text) ? BITCOIN_ADDRESS_FORMATS.mainnet : BITCOIN_ADDRESS_FORMATS.testnet,
  ).decode(text)
}

const MAGIC = new TextEncoder().encode('Bitcoin Signed Message:\n')
/** The digest Bitcoin Core's `signmessage` signs, reported as `messageHash` for ECDSA. */
function legacyMessageHash(message: Uint8Array) {
  return sha256x2(
    concatBytes(
      CompactSize.encode(BigInt(MAGIC.length)),
      MAGIC,
      CompactSize.encode(BigInt(message.length)),
      message,
    ),
  )
}

function readAuthorized(storage: Pick<Storage, 'getItem'> | undefined, key: string): boolean {
  try {
    const raw = storage?.getItem(key)
    return raw ? (JSON.parse(raw) as { authorized?: unknown }).authorized === true : false
  } catch {
    return false
  }
}
