import { NetworkNotFoundError } from '../errors/network.ts'
import type { CaipNetwork, CaipNetworkId, ChainDefinition, NetworkInput } from '../types/network.ts'

function isCaipNetwork(input: NetworkInput): input is CaipNetwork {
  return 'caipNetworkId' in input && 'chainNamespace' in input
}

/**
 * Turns a viem chain or a CaipNetwork into a CaipNetwork. A network id alone (`'eip155:1'`) throws
 * 'Network not found': the core keeps no table of networks, so an app imports the ones it uses.
 */
export function toCaipNetwork(input: NetworkInput): CaipNetwork {
  // Apps in JavaScript, and ones written for ids, can still pass one.
  if (typeof input !== 'object')
    throw new NetworkNotFoundError({
      details: `"${input}" is an id: import the network, e.g. import { solana } from '@foyer/core/networks', or pass a viem chain.`,
    })
  if (isCaipNetwork(input)) return input
  const chain: ChainDefinition = input
  return {
    id: chain.id,
    name: chain.name,
    chainNamespace: 'eip155',
    // Written out, not `formatCaipNetworkId`: the page's first load then needs no CAIP helpers.
    caipNetworkId: `eip155:${chain.id}` as CaipNetworkId,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: chain.rpcUrls,
    blockExplorers: chain.blockExplorers,
    testnet: chain.testnet,
  }
}
