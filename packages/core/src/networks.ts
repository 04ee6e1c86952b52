/**
 * The built-in networks, the `@foyer/core/networks` entry (as `viem/chains`): an app imports the
 * ones it uses, so the others never reach its bundle, and `createFoyer` needs no table of them.
 */
import type { CaipNetwork, ChainNamespace, NativeCurrency } from './types/network.ts'

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

// Built by one function from positional values, so each network an app imports stays short; each
// call is marked pure, so a bundler drops the networks an app does not import.
function network(
  chainNamespace: ChainNamespace,
  id: number | string,
  name: string,
  rpcUrl: string,
  explorer?: readonly [name: string, url: string],
  testnet?: true,
  nativeCurrency: NativeCurrency = chainNamespace === 'solana'
    ? SOL
    : chainNamespace === 'bip122'
      ? BTC
      : ETHER,
): CaipNetwork {
  return {
    id,
    name,
    chainNamespace,
    caipNetworkId: `${chainNamespace}:${id}`,
    nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    ...(explorer && { blockExplorers: { default: { name: explorer[0], url: explorer[1] } } }),
    ...(testnet && { testnet }),
  }
}

export const mainnet = /* @__PURE__ */ network('eip155', 1, 'Ethereum', 'https://eth.merkle.io', [
  'Etherscan',
  'https://etherscan.io',
])
export const sepolia = /* @__PURE__ */ network(
  'eip155',
  11155111,
  'Sepolia',
  'https://sepolia.drpc.org',
  ['Etherscan', 'https://sepolia.etherscan.io'],
  true,
)
export const base = /* @__PURE__ */ network('eip155', 8453, 'Base', 'https://mainnet.base.org', [
  'Basescan',
  'https://basescan.org',
])
export const optimism = /* @__PURE__ */ network(
  'eip155',
  10,
  'OP Mainnet',
  'https://mainnet.optimism.io',
  ['Optimism Explorer', 'https://optimistic.etherscan.io'],
)
export const arbitrum = /* @__PURE__ */ network(
  'eip155',
  42161,
  'Arbitrum One',
  'https://arb1.arbitrum.io/rpc',
  ['Arbiscan', 'https://arbiscan.io'],
)
export const polygon = /* @__PURE__ */ network(
  'eip155',
  137,
  'Polygon',
  'https://polygon-rpc.com',
  ['PolygonScan', 'https://polygonscan.com'],
  undefined,
  { name: 'POL', symbol: 'POL', decimals: 18 },
)
/** The local world's chain A (`npm start`). */
export const anvil = /* @__PURE__ */ network(
  'eip155',
  31337,
  'Anvil',
  'http://127.0.0.1:8545',
  undefined,
  true,
)
/** The local world's chain B, so network switching is real. */
export const anvilB = /* @__PURE__ */ network(
  'eip155',
  31338,
  'Anvil B',
  'http://127.0.0.1:8546',
  undefined,
  true,
)

const SOLSCAN = ['Solscan', 'https://solscan.io'] as const
export const solana = /* @__PURE__ */ network(
  'solana',
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Solana',
  'https://api.mainnet-beta.solana.com',
  SOLSCAN,
)
export const solanaDevnet = /* @__PURE__ */ network(
  'solana',
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'Solana Devnet',
  'https://api.devnet.solana.com',
  SOLSCAN,
  true,
)
export const solanaTestnet = /* @__PURE__ */ network(
  'solana',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'Solana Testnet',
  'https://api.testnet.solana.com',
  SOLSCAN,
  true,
)
export const bitcoin = /* @__PURE__ */ network(
  'bip122',
  '000000000019d6689c085ae165831e93',
  'Bitcoin',
  'https://mempool.space/api',
  ['Mempool', 'https://mempool.space'],
)
export const bitcoinTestnet = /* @__PURE__ */ network(
  'bip122',
  '000000000933ea01ad0ee984209779ba',
  'Bitcoin Testnet',
  'https://mempool.space/testnet/api',
  ['Mempool', 'https://mempool.space/testnet'],
  true,
)

/** Every built-in network (imports them all: for tools and tests, not for an app's networks). */
export const BUILT_IN_NETWORKS: readonly CaipNetwork[] = [
  mainnet,
  sepolia,
  base,
  optimism,
  arbitrum,
  polygon,
  anvil,
  anvilB,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin,
  bitcoinTestnet,
]
