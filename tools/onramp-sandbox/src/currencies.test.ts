import { describe, expect, it } from 'vitest'
import { buyOptionsResponse, coinbaseUsdcId, createCatalogue, currencyId } from './currencies.ts'
import { paymentMethodLimits } from './quoteMath.ts'
import type { SandboxNetwork } from './types.ts'

const usdcA = '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9'
const daiA = '0x10Aeafac83d48E2f9ac4bAAf94311c45fACe1404'
const mint = '6XB1Ki4QQQqtGDDkfgfqYkLMGSpQy14SizdhkAa3ZqYZ'

const networks: SandboxNetwork[] = [
  {
    kind: 'evm',
    name: 'foyer-devnet-a',
    displayName: 'Foyer Devnet A',
    chainId: 31337,
    rpcUrl: 'http://127.0.0.1:8545',
    tokens: [
      { symbol: 'USDC', name: 'USD Coin (Devnet)', decimals: 6, address: usdcA },
      { symbol: 'DAI', name: 'Dai Stablecoin (Devnet)', decimals: 18, address: daiA },
    ],
  },
  {
    kind: 'solana',
    name: 'foyer-solana-local',
    displayName: 'Solana Localnet',
    rpcUrl: 'http://127.0.0.1:8899',
    tokens: [{ symbol: 'USDC', name: 'USD Coin (Devnet)', decimals: 6, address: mint }],
  },
]

describe('currencyId', () => {
  it('is a stable version 5 UUID per symbol, and Coinbase’s id for USDC', () => {
    expect(currencyId('USDC')).toBe(coinbaseUsdcId)
    expect(currencyId('usdc')).toBe(coinbaseUsdcId)
    const eth = currencyId('ETH')
    expect(eth).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(currencyId('eth')).toBe(eth)
    expect(new Set(['ETH', 'SOL', 'DAI', 'USDC'].map(currencyId)).size).toBe(4)
  })
})

describe('createCatalogue', () => {
  const catalogue = createCatalogue(networks)

  it('sells each native currency and groups a symbol sold on several networks', () => {
    expect(catalogue.currencies.map((currency) => currency.symbol)).toEqual([
      'ETH',
      'USDC',
      'DAI',
      'SOL',
    ])
    const usdc = catalogue.currency('USDC')!
    expect(usdc.offers.map((offer) => [offer.network.name, offer.address])).toEqual([
      ['foyer-devnet-a', usdcA],
      ['foyer-solana-local', mint],
    ])
    expect(catalogue.currency(coinbaseUsdcId)).toBe(usdc)
    expect(catalogue.currency(currencyId('SOL'))?.symbol).toBe('SOL')
    expect(catalogue.currency('BTC')).toBeUndefined()
    expect(catalogue.offer('eth', 'foyer-devnet-a')).toMatchObject({ decimals: 18, address: '' })
    expect(catalogue.offer('ETH', 'foyer-solana-local')).toBeUndefined()
    expect(catalogue.native(networks[1]!)).toMatchObject({ symbol: 'SOL', decimals: 9 })
  })

  it('refuses duplicate network names and a symbol sold twice on a network', () => {
    expect(() => createCatalogue([networks[0]!, networks[0]!])).toThrow(/used twice/)
    const twice = { ...networks[1]!, tokens: [{ ...networks[1]!.tokens[0]!, symbol: 'SOL' }] }
    expect(() => createCatalogue([twice as SandboxNetwork])).toThrow(/sells SOL twice/)
  })
})

describe('buyOptionsResponse', () => {
  const catalogue = createCatalogue(networks)

  it('has Coinbase’s shape: limits per payment currency, networks per purchase currency', () => {
    const options = buyOptionsResponse(catalogue, paymentMethodLimits)
    const limits = [
      { id: 'CARD', min: '10', max: '7500' },
      { id: 'ACH_BANK_ACCOUNT', min: '10', max: '25000' },
    ]
    expect(options.paymentCurrencies).toEqual([
      { id: 'USD', limits },
      { id: 'EUR', limits },
    ])
    expect(options.purchaseCurrencies[1]).toEqual({
      id: coinbaseUsdcId,
      name: 'USD Coin (Devnet)',
      symbol: 'USDC',
      networks: [
        {
          name: 'foyer-devnet-a',
          displayName: 'Foyer Devnet A',
          chainId: '31337',
          contractAddress: usdcA,
        },
        {
          name: 'foyer-solana-local',
          displayName: 'Solana Localnet',
          chainId: '',
          contractAddress: mint,
        },
      ],
    })
    expect(options.purchaseCurrencies[0]!.networks).toEqual([
      {
        name: 'foyer-devnet-a',
        displayName: 'Foyer Devnet A',
        chainId: '31337',
        contractAddress: '',
      },
    ])
  })

  it('keeps only the networks asked for', () => {
    const options = buyOptionsResponse(catalogue, paymentMethodLimits, ['foyer-solana-local'])
    expect(options.purchaseCurrencies.map((currency) => currency.symbol)).toEqual(['USDC', 'SOL'])
    expect(options.purchaseCurrencies[0]!.networks).toHaveLength(1)
  })
})
