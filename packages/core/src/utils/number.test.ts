import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hexToNumber, numberToHex, toChainIdNumber } from './number.ts'

describe('hex and number helpers', () => {
  it('round-trips every safe non-negative integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(hexToNumber(numberToHex(value))).toBe(value)
        expect(toChainIdNumber(numberToHex(value))).toBe(value)
        expect(toChainIdNumber(String(value))).toBe(value)
      }),
    )
  })

  it('rejects values outside the safe integer range', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: BigInt(Number.MAX_SAFE_INTEGER) + 1n, max: 2n ** 256n }),
        (value) => {
          expect(() => numberToHex(value)).toThrow('is not a safe integer')
          expect(() => hexToNumber(`0x${value.toString(16)}`)).toThrow('is not a safe integer')
        },
      ),
    )
    expect(() => numberToHex(1.5)).toThrow('is not a safe integer')
    expect(() => numberToHex(Number.POSITIVE_INFINITY)).toThrow('is not a safe integer')
  })

  it('rejects strings that are not hex', () => {
    expect(() => hexToNumber('12')).toThrow('is not a hex string')
    expect(() => toChainIdNumber('0xzz')).toThrow()
  })
})
