import { describe, expect, it } from 'vitest'
import { BUILT_IN_NETWORKS, solana, solanaDevnet, solanaTestnet } from './networks.ts'
import { createTestFoyer } from './test-utils.ts'

describe('built-in Solana networks (SPEC §3)', () => {
  it('names each cluster by the first 32 characters of its genesis hash (CAIP-2)', () => {
    expect(
      [solana, solanaDevnet, solanaTestnet].map((network) => [network.caipNetworkId, network.name]),
    ).toEqual([
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana'],
      ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet'],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet'],
    ])
  })

  it('gives testnet its id, public RPC URL and SOL, marked as a testnet', () => {
    expect(solanaTestnet).toMatchObject({
      id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      chainNamespace: 'solana',
      caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
      testnet: true,
    })
    expect(solanaDevnet.rpcUrls.default.http).toEqual(['https://api.devnet.solana.com'])
    expect(solana.rpcUrls.default.http).toEqual(['https://api.mainnet-beta.solana.com'])
    expect(solana.testnet).toBeFalsy()
  })

  it('are listed among the built-in networks and taken as they are by createFoyer', () => {
    const foyer = createTestFoyer({ networks: [solana, solanaDevnet, solanaTestnet] })
    expect(foyer.config.networks).toEqual([solana, solanaDevnet, solanaTestnet])
    for (const network of [solana, solanaDevnet, solanaTestnet])
      expect(BUILT_IN_NETWORKS).toContain(network)
  })
})
