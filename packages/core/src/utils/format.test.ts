import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatBalance, formatFiat, formatUnits, shortenAddress } from './format.ts'

describe('formatUnits', () => {
  it('divides by 10^decimals exactly', () => {
    expect(formatUnits(10_000n * 10n ** 18n, 18)).toBe('10000')
    expect(formatUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 128n }),
        fc.integer({ min: 0, max: 30 }),
        (value, decimals) => {
          const [integer, fraction = ''] = formatUnits(value, decimals).split('.')
          expect(BigInt(integer! + fraction.padEnd(decimals, '0'))).toBe(value)
        },
      ),
    )
  })
})

describe('formatBalance', () => {
  it('shows 3 decimals, rounded down, grouped', () => {
    expect(formatBalance('10000')).toBe('10,000.000')
    expect(formatBalance('1.23456')).toBe('1.234')
    expect(formatBalance('0.9999')).toBe('0.999')
    expect(formatBalance('123456789012345678901.5')).toBe('123,456,789,012,345,678,901.500')
  })

  it('never shows more than the real amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (value) => {
        const shown = formatBalance(formatUnits(value, 18)).replaceAll(',', '')
        const [integer, fraction] = shown.split('.')
        expect(BigInt(integer! + fraction!) * 10n ** 15n <= value).toBe(true)
      }),
    )
  })
})

describe('formatFiat', () => {
  it('shows 2 decimals', () => {
    expect(formatFiat(1234.5)).toBe('$1,234.50')
    expect(formatFiat(0.126, { currency: 'EUR' })).toBe('€0.13')
  })
})

describe('shortenAddress', () => {
  it('keeps the start and end of long addresses', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
    expect(shortenAddress('short')).toBe('short')
  })
})
