import type { CaipNetwork } from '@foyer/core'
import type { PolkadotNetwork } from './types.ts'

export type CreatePolkadotNetworkParameters = {
  /** `0x`-prefixed hash of block 0; its first 32 hex characters become the CAIP-2 reference. */
  genesisHash: string
  name: string
  /** The node's WebSocket JSON-RPC (`wss://…`); its HTTP twin is derived for `rpcUrls.http`. */
  wsUrl: string
  /** Address format of the chain. Default 42 (generic Substrate). */
  ss58Prefix?: number | undefined
  symbol: string
  decimals: number
  testnet?: boolean | undefined
  /** Name of the native token. Default the symbol. */
  currencyName?: string | undefined
  blockExplorer?: { name: string; url: string } | undefined
}

/** The SS58 prefix of generic Substrate addresses (`5…`). */
export const GENERIC_SS58_PREFIX = 42

/**
 * A Polkadot-SDK chain as a Foyer network, `polkadot:<first 32 hex characters of the genesis
 * hash>` (CAIP-13, as WalletConnect's polkadot namespace names chains). A running
 * `@foyer/devnet/polkadot` chain can be passed with a name: `createPolkadotNetwork({ ...devnet,
 * name })`.
 */
export function createPolkadotNetwork(
  parameters: CreatePolkadotNetworkParameters,
): PolkadotNetwork {
  const { genesisHash, name, wsUrl, symbol, decimals } = parameters
  const hex = genesisHash.replace(/^0x/i, '').toLowerCase()
  if (!/^[0-9a-f]{64}$/.test(hex))
    throw new TypeError(`${genesisHash} is not a 32-byte genesis hash (64 hex characters).`)
  const id = hex.slice(0, 32)
  return {
    id,
    name,
    chainNamespace: 'polkadot',
    caipNetworkId: `polkadot:${id}`,
    nativeCurrency: { name: parameters.currencyName ?? symbol, symbol, decimals },
    // Polkadot-SDK nodes serve HTTP and WebSocket JSON-RPC on one port.
    rpcUrls: { default: { http: [wsUrl.replace(/^ws/i, 'http')], webSocket: [wsUrl] } },
    ...(parameters.blockExplorer ? { blockExplorers: { default: parameters.blockExplorer } } : {}),
    testnet: parameters.testnet ?? false,
    genesisHash: `0x${hex}`,
    ss58Prefix: parameters.ss58Prefix ?? GENERIC_SS58_PREFIX,
  }
}

/** The Polkadot relay chain. */
export const polkadot: PolkadotNetwork = createPolkadotNetwork({
  genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  name: 'Polkadot',
  wsUrl: 'wss://rpc.polkadot.io',
  ss58Prefix: 0,
  symbol: 'DOT',
  currencyName: 'Polkadot',
  decimals: 10,
  blockExplorer: { name: 'Subscan', url: 'https://polkadot.subscan.io' },
})

/** The Kusama relay chain. */
export const kusama: PolkadotNetwork = createPolkadotNetwork({
  genesisHash: '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
  name: 'Kusama',
  wsUrl: 'wss://kusama-rpc.polkadot.io',
  ss58Prefix: 2,
  symbol: 'KSM',
  currencyName: 'Kusama',
  decimals: 12,
  blockExplorer: { name: 'Subscan', url: 'https://kusama.subscan.io' },
})

const builtIn: readonly PolkadotNetwork[] = [polkadot, kusama]

/**
 * The SS58 prefix to show addresses with on a network: its own (`createPolkadotNetwork`), a
 * built-in's, or 42 for a plain CaipNetwork that does not say.
 */
export function getSs58Prefix(network: CaipNetwork): number {
  const own = (network as Partial<PolkadotNetwork>).ss58Prefix
  if (typeof own === 'number') return own
  return (
    builtIn.find((known) => known.caipNetworkId === network.caipNetworkId)?.ss58Prefix ??
    GENERIC_SS58_PREFIX
  )
}

/** The first WebSocket URL of a network, where `@polkadot/api` connects. */
export function getWsUrl(network: CaipNetwork): string {
  const url = network.rpcUrls.default.webSocket?.[0] ?? network.rpcUrls.default.http[0]
  if (!url) throw new TypeError(`${network.caipNetworkId} has no RPC URL.`)
  return url.replace(/^http/i, 'ws')
}
