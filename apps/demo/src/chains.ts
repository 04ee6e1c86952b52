import * as world from 'virtual:foyer-world-chains'

/** The devnet chains as viem chain objects, straight from devnet.json. */
export const devnetChains = world.chains.map((chain) => ({
  id: chain.chainId,
  name: chain.name,
  nativeCurrency: chain.nativeCurrency,
  rpcUrls: { default: { http: [chain.rpcUrl] } },
  testnet: true,
}))
