import type { CaipNetwork, CaipNetworkId } from '@foyer/core'
import { bitcoin, bitcoinTestnet } from '@foyer/core/networks'

export { bitcoin, bitcoinTestnet }

/** Genesis block hash of every regtest chain: regtest always starts from the same block. */
export const BITCOIN_REGTEST_GENESIS_HASH =
  '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** Which chain's address formats a network uses (its prefixes and version bytes). */
export type BitcoinNetworkKind = 'mainnet' | 'testnet' | 'regtest'

/** Address prefixes and version bytes, in `@scure/btc-signer`'s shape. */
export type BitcoinAddressFormat = {
  bech32: string
  pubKeyHash: number
  scriptHash: number
  wif: number
}

// Literal (not btc-signer's NETWORK / TEST_NETWORK) so listing networks loads no Bitcoin library.
export const BITCOIN_ADDRESS_FORMATS: Record<BitcoinNetworkKind, BitcoinAddressFormat> = {
  mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
  testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  // Regtest shares testnet's base58 version bytes but has its own bech32 prefix.
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
}

const kindByCaipNetworkId = new Map<string, BitcoinNetworkKind>([
  [bitcoin.caipNetworkId, 'mainnet'],
  [bitcoinTestnet.caipNetworkId, 'testnet'],
  // testnet4 and signet use testnet's address formats.
  ['bip122:00000000da84f2bafbbc53dee25a72ae', 'testnet'],
  ['bip122:00000008819873e925422c1ff0f99f7c', 'testnet'],
  [`bip122:${BITCOIN_REGTEST_GENESIS_HASH.slice(0, 32)}`, 'regtest'],
])

export type CreateBitcoinRegtestParameters = {
  /** Esplora REST base URL of the node, e.g. `http://127.0.0.1:18443`. */
  esploraUrl?: string | undefined
  /** Default {@link BITCOIN_REGTEST_GENESIS_HASH}; CAIP-2 keeps its first 32 characters. */
  genesisHash?: string | undefined
  name?: string | undefined
}

/**
 * A regtest chain as a Foyer network, e.g. the local devnet on an OS-assigned port in tests; its
 * `rpcUrls.default.http[0]` is the Esplora REST URL every Bitcoin action reads and broadcasts with.
 */
export function createBitcoinRegtest(parameters: CreateBitcoinRegtestParameters = {}): CaipNetwork {
  const {
    esploraUrl = 'http://127.0.0.1:18443',
    genesisHash = BITCOIN_REGTEST_GENESIS_HASH,
    name = 'Bitcoin Regtest',
  } = parameters
  const id = genesisHash.slice(0, 32)
  const caipNetworkId: CaipNetworkId = `bip122:${id}`
  kindByCaipNetworkId.set(caipNetworkId, 'regtest')
  return {
    id,
    name,
    chainNamespace: 'bip122',
    caipNetworkId,
    nativeCurrency: bitcoin.nativeCurrency,
    rpcUrls: { default: { http: [esploraUrl] } },
    testnet: true,
  }
}

/** The local regtest node on its default port. */
export const bitcoinRegtest: CaipNetwork = createBitcoinRegtest()

/**
 * The address formats a network uses: known chains by their genesis hash, networks made with
 * {@link createBitcoinRegtest} as regtest, any other test network as testnet.
 */
export function toBitcoinNetworkKind(
  network: CaipNetwork | BitcoinNetworkKind,
): BitcoinNetworkKind {
  if (typeof network === 'string') return network
  return kindByCaipNetworkId.get(network.caipNetworkId) ?? (network.testnet ? 'testnet' : 'mainnet')
}

export function toAddressFormat(network: CaipNetwork | BitcoinNetworkKind): BitcoinAddressFormat {
  return BITCOIN_ADDRESS_FORMATS[toBitcoinNetworkKind(network)]
}

/** Wallet-standard chain identifiers, as Bitcoin wallet-standard wallets list them in `chains`. */
export type BitcoinWalletChain = `bitcoin:${BitcoinNetworkKind}`

export function toWalletStandardChain(network: CaipNetwork): BitcoinWalletChain {
  return `bitcoin:${toBitcoinNetworkKind(network)}`
}

/** The network's Esplora REST base URL (no trailing slash). */
export function toEsploraUrl(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new TypeError(`${network.caipNetworkId} has no Esplora URL in rpcUrls.default.`)
  return url.replace(/\/+$/, '')
}
