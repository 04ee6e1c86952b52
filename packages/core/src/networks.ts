import { NetworkNotFoundError } from './errors/network.ts'
import type { CaipNetwork, CaipNetworkId, ChainDefinition, NetworkInput } from './types/network.ts'
import { formatCaipNetworkId, isCaipNetworkId } from './utils/caip.ts'

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

function evm(
  id: number,
  name: string,
  rpcUrl: string,
  extra: Partial<CaipNetwork> = {},
): CaipNetwork {
  return {
    id,
    name,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
    nativeCurrency: ETHER,
    rpcUrls: { default: { http: [rpcUrl] } },
    ...extra,
  }
}

export const mainnet = evm(1, 'Ethereum', 'https://eth.merkle.io', {
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
})
export const sepolia = evm(11155111, 'Sepolia', 'https://sepolia.drpc.org', {
  testnet: true,
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
})
export const base = evm(8453, 'Base', 'https://mainnet.base.org', {
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
})
export const optimism = evm(10, 'OP Mainnet', 'https://mainnet.optimism.io', {
  blockExplorers: {
    default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' },
  },
})
export const arbitrum = evm(42161, 'Arbitrum One', 'https://arb1.arbitrum.io/rpc', {
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
})
export const polygon = evm(137, 'Polygon', 'https://polygon-rpc.com', {
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
})
/** The local world's chain A (`npm start`). */
export const anvil = evm(31337, 'Anvil', 'http://127.0.0.1:8545', { testnet: true })
/** The local world's chain B, so network switching is real. */
export const anvilB = evm(31338, 'Anvil B', 'http://127.0.0.1:8546', { testnet: true })

export const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
}
export const solanaDevnet: CaipNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet: true,
}
export const solanaTestnet: CaipNetwork = {
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet: true,
}
export const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
}
export const bitcoinTestnet: CaipNetwork = {
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/testnet' } },
  testnet: true,
}

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
