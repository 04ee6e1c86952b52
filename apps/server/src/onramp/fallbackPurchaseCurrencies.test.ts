import { describe, expect, it } from 'vitest'
import type { ChainConfig, SolanaChainConfig } from '../chains/types.ts'
import { fallbackPurchaseCurrencies } from './fallbackPurchaseCurrencies.ts'

const chain = (chainId: number, name: string, tokens: ChainConfig['tokens']): ChainConfig => ({
  chainId,
  name,
  rpcUrl: 'http://127.0.0.1:1',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens,
})
const usdcA = '0x0000000000000000000000000000000000000A01'
const daiA = '0x0000000000000000000000000000000000000A02'
const usdcB = '0x0000000000000000000000000000000000000B01'
const wethA = '0x0000000000000000000000000000000000000A03'
const solanaLocal: SolanaChainConfig = {
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Localnet',
  rpcUrl: 'http://127.0.0.1:2',
  tokens: [
    {
      mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
    },
  ],
}

describe('fallback purchase currencies', () => {
  it("lists each network's native currency, then USDC and DAI where its token list has them", () => {
    const currencies = fallbackPurchaseCurrencies({
      chains: [
        chain(31337, 'Foyer Devnet A', [
          { address: usdcA, symbol: 'USDC', name: 'USD Coin (Devnet)', decimals: 6 },
          { address: daiA, symbol: 'DAI', name: 'Dai Stablecoin (Devnet)', decimals: 18 },
          { address: wethA, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
        ]),
        chain(31338, 'Foyer Devnet B', [
          { address: usdcB, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
        ]),
      ],
      solanaChains: [solanaLocal],
    })
    expect(currencies).toEqual([
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          { caipNetworkId: 'eip155:31337', name: 'Foyer Devnet A' },
          { caipNetworkId: 'eip155:31338', name: 'Foyer Devnet B' },
        ],
      },
      {
        id: 'SOL',
        name: 'Solana',
        symbol: 'SOL',
        networks: [{ caipNetworkId: solanaLocal.caipNetworkId, name: 'Solana Localnet' }],
      },
      {
        id: 'USDC',
        name: 'USD Coin (Devnet)',
        symbol: 'USDC',
        networks: [
          { caipNetworkId: 'eip155:31337', name: 'Foyer Devnet A', tokenAddress: usdcA },
          { caipNetworkId: 'eip155:31338', name: 'Foyer Devnet B', tokenAddress: usdcB },
          {
            caipNetworkId: solanaLocal.caipNetworkId,
            name: 'Solana Localnet',
            tokenAddress: solanaLocal.tokens[0]!.mint,
          },
        ],
      },
      {
        id: 'DAI',
        name: 'Dai Stablecoin (Devnet)',
        symbol: 'DAI',
        networks: [{ caipNetworkId: 'eip155:31337', name: 'Foyer Devnet A', tokenAddress: daiA }],
      },
    ])
  })

  it('is empty for a server without networks', () => {
    expect(fallbackPurchaseCurrencies({ chains: [], solanaChains: [] })).toEqual([])
  })
})
