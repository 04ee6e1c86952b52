import type { CaipNetwork } from '../types/network.ts'
import { parseCaipNetworkId } from '../utils/caip.ts'

/**
 * The `Chain ID` line of a network's sign-in message: the chain's number on EVM (EIP-4361), the
 * whole CAIP-2 id on Solana (what Sign In With Solana wallets write), and the CAIP-2 reference
 * elsewhere (CAIP-122: the genesis prefix on Bitcoin and Polkadot, the chain id on Cosmos), the
 * header already naming the namespace.
 */
export function siwxChainId(network: Pick<CaipNetwork, 'id' | 'caipNetworkId'>): string {
  const { namespace, reference } = parseCaipNetworkId(network.caipNetworkId)
  if (namespace === 'eip155') return String(network.id)
  if (namespace === 'solana') return network.caipNetworkId
  return reference
}
