import type { CaipNetwork, CaipNetworkId } from '../types/network.ts'

/** The network of `networks` (the app's) with this CAIP-2 id. */
export function findNetwork(
  networks: readonly CaipNetwork[],
  caipNetworkId: CaipNetworkId | string,
): CaipNetwork | undefined {
  return networks.find((network) => network.caipNetworkId === caipNetworkId)
}
