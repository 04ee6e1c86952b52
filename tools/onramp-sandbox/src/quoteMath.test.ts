import { describe, expect, it } from 'vitest'
import {
  computeQuote,
  formatCents,
  formatUnits,
  limitProblem,
  networkFeeCents,
  parseFiatAmount,
  totalCentsForCrypto,
} from './quoteMath.ts'

describe('parseFiatAmount / formatCents', () => {
  it.each([
    ['50', 5000n],
    ['50.5', 5050n],
    ['50.00', 5000n],
    ['0.01', 1n],
    [' 7500.99 ', 750099n],
  ])('reads %j as %s cents', (text, cents) => {
    expect(parseFiatAmount(text)).toBe(cents)
  })

  it.each(['', '50.', '50.001', '-5', '1e3', '5,00', 'abc', '1234567890'])('refuses %j', (text) => {
    expect(parseFiatAmount(text)).toBeUndefined()
  })

  it('writes two decimals', () => {
    expect([5000n, 5n, 750_000n, 0n].map(formatCents)).toEqual(['50.00', '0.05', '7500.00', '0.00'])
  })
})

describe('formatUnits', () => {
  it('drops trailing zeros and pads small amounts', () => {
    expect(formatUnits(49_150_000n, 6)).toBe('49.15')
    expect(formatUnits(1_000_000n, 6)).toBe('1')
    expect(formatUnits(1n, 8)).toBe('0.00000001')
    expect(formatUnits(0n, 8)).toBe('0')
  })
})

describe('limitProblem', () => {
  it('names the limit of the method and the currency', () => {
    expect(limitProblem(999n, 'CARD', 'USD')).toBe(
      'The minimum amount for card payments is 10.00 USD.',
    )
    expect(limitProblem(750_001n, 'CARD', 'EUR')).toBe(
      'The maximum amount for card payments is 7500.00 EUR.',
    )
    expect(limitProblem(750_001n, 'ACH_BANK_ACCOUNT', 'USD')).toBeUndefined()
    expect(limitProblem(2_500_001n, 'ACH_BANK_ACCOUNT', 'USD')).toBe(
      'The maximum amount for bank account payments is 25000.00 USD.',
    )
    expect(limitProblem(1000n, 'CARD', 'USD')).toBeUndefined()
    expect(limitProblem(750_000n, 'CARD', 'USD')).toBeUndefined()
  })
})

describe('computeQuote', () => {
  it('takes 1.5 % by card rounded up, the network fee, and buys the rest at the price', () => {
    expect(
      computeQuote({
        totalCents: 5000n,
        method: 'CARD',
        unitPriceUsd: 1,
        fiatUsd: 1,
        networkFeeCents: 10n,
        decimals: 6,
      }),
    ).toEqual({
      totalCents: 5000n,
      feeCents: 75n,
      networkFeeCents: 10n,
      subtotalCents: 4915n,
      purchaseUnits: 49_150_000n,
      purchaseDecimals: 6,
    })
  })

  it('takes 1 % by bank account and rounds the fee up to the cent', () => {
    const quote = computeQuote({
      totalCents: 1001n,
      method: 'ACH_BANK_ACCOUNT',
      unitPriceUsd: 1,
      fiatUsd: 1,
      networkFeeCents: 1n,
      decimals: 6,
    })
    expect(quote.feeCents).toBe(11n) // 10.01 × 1 % = 0.1001 → 0.11
    expect(quote.subtotalCents).toBe(989n)
  })

  it('rounds the purchase down to 8 decimals for an 18-decimal currency', () => {
    const quote = computeQuote({
      totalCents: 10_000n,
      method: 'CARD',
      unitPriceUsd: 3000,
      fiatUsd: 1,
      networkFeeCents: 20n,
      decimals: 18,
    })
    // (100 − 1.50 − 0.20) / 3000 = 0.0327666…
    expect(quote.subtotalCents).toBe(9830n)
    expect(quote.purchaseDecimals).toBe(8)
    expect(quote.purchaseUnits).toBe(3_276_666n)
  })

  it('prices in euros when given a euro price', () => {
    const quote = computeQuote({
      totalCents: 5000n,
      method: 'CARD',
      unitPriceUsd: 1,
      fiatUsd: 1.08,
      networkFeeCents: 1n,
      decimals: 6,
    })
    // 49.24 € × 1.08 = 53.1792 USDC, exactly.
    expect(formatUnits(quote.purchaseUnits, 6)).toBe('53.1792')
  })

  it('leaves nothing to buy when the fees eat the amount', () => {
    const quote = computeQuote({
      totalCents: 100n,
      method: 'CARD',
      unitPriceUsd: 1,
      fiatUsd: 1,
      networkFeeCents: 200n,
      decimals: 6,
    })
    expect(quote.subtotalCents).toBeLessThan(0n)
    expect(quote.purchaseUnits).toBe(0n)
  })
})

describe('networkFeeCents', () => {
  it('is the cost at the native price, rounded up, at least one cent', () => {
    // 65,000 gas at 1 gwei at 3000 $/ETH = 0.195 $ → 0.20 $.
    expect(networkFeeCents(65_000n * 1_000_000_000n, 18, 3000)).toBe(20n)
    // 5000 lamports at 150 $/SOL = 0.00075 $ → 0.01 $.
    expect(networkFeeCents(5000n, 9, 150)).toBe(1n)
    expect(networkFeeCents(0n, 18, 3000)).toBe(1n)
  })
})

describe('totalCentsForCrypto', () => {
  it('grosses up euros at the rate', () => {
    const total = totalCentsForCrypto({
      cryptoAmount: 54,
      unitPriceUsd: 1,
      fiatUsd: 1.08,
      networkFeeCents: 0n,
      method: 'ACH_BANK_ACCOUNT',
    })
    // 54 USDC = 50 €, over 99 % = 50.5050… → 50.51 €.
    expect(total).toBe(5051n)
  })

  it('is a total whose quote buys at least about the amount', () => {
    const total = totalCentsForCrypto({
      cryptoAmount: 49.15,
      unitPriceUsd: 1,
      fiatUsd: 1,
      networkFeeCents: 10n,
      method: 'CARD',
    })
    expect(total).toBe(5000n)
  })
})
