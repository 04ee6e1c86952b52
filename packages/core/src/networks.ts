import { NetworkNotFoundError } from './errors/network.ts'
import type {
  CaipNetwork,
  CaipNetworkId,
  ChainDefinition,
  ChainNamespace,
  NativeCurrency,
  NetworkInput,
} from './types/network.ts'
import { formatCaipNetworkId, isCaipNetworkId } from './utils/caip.ts'

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

// Built by one function from positional values: every app that takes `createFoyer` loads this
// table before its first paint (CAIP-2 ids resolve synchronously), so it is kept short.
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

export const mainnet = network('eip155', 1, 'Ethereum', 'https://eth.merkle.io', [
  'Etherscan',
  'https://etherscan.io',
])
export const sepolia = network(
  'eip155',
  11155111,
  'Sepolia',
  'https://sepolia.drpc.org',
  ['Etherscan', 'https://sepolia.etherscan.io'],
  true,
)
export const base = network('eip155', 8453, 'Base', 'https://mainnet.base.org', [
  'Basescan',
  'https://basescan.org',
])
export const optimism = network('eip155', 10, 'OP Mainnet', 'https://mainnet.optimism.io', [
  'Optimism Explorer',
  'https://optimistic.etherscan.io',
])
export const arbitrum = network('eip155', 42161, 'Arbitrum One', 'https://arb1.arbitrum.io/rpc', [
  'Arbiscan',
  'https://arbiscan.io',
])
export const polygon = network(
  'eip155',
  137,
  'Polygon',
  'https://polygon-rpc.com',
  ['PolygonScan', 'https://polygonscan.com'],
  undefined,
  { name: 'POL', symbol: 'POL', decimals: 18 },
)
/** The local world's chain A (`npm start`). */
export const anvil = network('eip155', 31337, 'Anvil', 'http://127.0.0.1:8545', undefined, true)
/** The local world's chain B, so network switching is real. */
export const anvilB = network('eip155', 31338, 'Anvil B', 'http://127.0.0.1:8546', undefined, true)

const SOLSCAN = ['Solscan', 'https://solscan.io'] as const
export const solana = network(
  'solana',
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Solana',
  'https://api.mainnet-beta.solana.com',
  SOLSCAN,
)
export const solanaDevnet = network(
  'solana',
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'Solana Devnet',
  'https://api.devnet.solana.com',
  SOLSCAN,
  true,
)
export const solanaTestnet = network(
  'solana',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'Solana Testnet',
  'https://api.testnet.solana.com',
  SOLSCAN,
  true,
)
export const bitcoin = network(
  'bip122',
  '000000000019d6689c085ae165831e93',
  'Bitcoin',
  'https://mempool.space/api',
  ['Mempool', 'https://mempool.space'],
)
export const bitcoinTestnet = network(
  'bip122',
  '000000000933ea01ad0ee984209779ba',
  'Bitcoin Testnet',
  'https://mempool.space/testnet/api',
  ['Mempool', 'https://mempool.space/testnet'],
  true,
)

/** Networks that can be named by CAIP-2 id alone in `createFoyer({ networks })`. */
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

function isCaipNetwork(input: NetworkInput): input is CaipNetwork {
  return typeof input === 'object' && 'caipNetworkId' in input && 'chainNamespace' in input
}

/** Turns a viem chain, CAIP-2 id or CaipNetwork into a CaipNetwork. Throws 'Network not found'. */
export function toCaipNetwork(input: NetworkInput): CaipNetwork {
  if (typeof input === 'string') {
    const network = isCaipNetworkId(input)
      ? BUILT_IN_NETWORKS.find((candidate) => candidate.caipNetworkId === input)
      : undefined
    if (!network)
      throw new NetworkNotFoundError({
        details: `"${input}" is not a built-in network; pass a network object with rpcUrls.`,
      })
    return network
  }
  if (isCaipNetwork(input)) return input
  const chain: ChainDefinition = input
  return {
    id: chain.id,
    name: chain.name,
    chainNamespace: 'eip155',
    caipNetworkId: formatCaipNetworkId('eip155', chain.id),
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: chain.rpcUrls,
    blockExplorers: chain.blockExplorers,
    testnet: chain.testnet,
  }
}

export function findNetwork(
  networks: readonly CaipNetwork[],
  caipNetworkId: CaipNetworkId | string,
): CaipNetwork | undefined {
  return networks.find((network) => network.caipNetworkId === caipNetworkId)
}
