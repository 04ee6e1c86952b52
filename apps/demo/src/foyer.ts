import { createFoyer, type Foyer } from '@foyer/core'
import { evmAdapter } from '@foyer/evm'
import world from 'virtual:foyer-world'

/** The devnet chains as viem chain objects, straight from devnet.json. */
export const devnetChains = world.devnet.chains.map((chain) => ({
  id: chain.chainId,
  name: chain.name,
  nativeCurrency: chain.nativeCurrency,
  rpcUrls: { default: { http: [chain.rpcUrl] } },
  testnet: true,
}))

export function createDemoFoyer(): Foyer {
  return createFoyer({
    networks: devnetChains as [(typeof devnetChains)[number], ...typeof devnetChains],
    adapters: [evmAdapter()],
    metadata: {
      name: 'Foyer demo',
      description: 'The Foyer wallet dialog on a local world of real chains',
      url: window.location.origin,
      icons: [],
    },
    projectId: world.projectId,
    serverUrl: world.serverUrl,
  })
}
