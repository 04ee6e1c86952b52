import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  getAmountOut,
  getAmountsOut,
  minimumOut,
  pathFee,
  priceImpactPercent,
  slippageToPpm,
} from './uniswapV2Math.ts'

const usdc = (amount: bigint) => amount * 10n ** 6n
const dai = (amount: bigint) => amount * 10n ** 18n

describe('getAmountOut', () => {
  it("is UniswapV2Library's formula", () => {
    // amountIn × 997 × reserveOut / (reserveIn × 1000 + amountIn × 997), rounded down.
    expect(getAmountOut(1000n, { reserveIn: 10_000n, reserveOut: 10_000n })).toBe(906n)
    expect(
      getAmountOut(usdc(100n), { reserveIn: usdc(1_000_000n), reserveOut: dai(1_000_000n) }),
    ).toBe(99_690_060_900_928_177_460n)
  })

  it('has no answer where the router reverts or gives nothing', () => {
    expect(getAmountOut(0n, { reserveIn: 1n, reserveOut: 1n })).toBeUndefined()
    expect(getAmountOut(10n, { reserveIn: 0n, reserveOut: 10n })).toBeUndefined()
    expect(getAmountOut(1n, { reserveIn: 10n ** 6n, reserveOut: 10n })).toBeUndefined()
    // A balance past uint112 overflows the pair.
    expect(getAmountOut(2n ** 112n, { reserveIn: 1n, reserveOut: 10n ** 18n })).toBeUndefined()
    // SafeMath overflow of amountIn × 997 × reserveOut.
    expect(getAmountOut(2n ** 250n, { reserveIn: 1n, reserveOut: 2n ** 100n })).toBeUndefined()
  })

  it('never gives the whole reserve, and gives more for more', () => {
    const reserve = fc.bigInt({ min: 1000n, max: 2n ** 100n })
    fc.assert(
      fc.property(reserve, reserve, fc.bigInt({ min: 1n, max: 2n ** 100n }), (rIn, rOut, a) => {
        const out = getAmountOut(a, { reserveIn: rIn, reserveOut: rOut })
        if (out === undefined) return
        expect(out < rOut).toBe(true)
        const more = getAmountOut(a * 2n, { reserveIn: rIn, reserveOut: rOut })
        expect(more !== undefined && more >= out).toBe(true)
      }),
    )
  })
})

describe('getAmountsOut', () => {
  it('chains the hops and stops at a dry one', () => {
    const hops = [
      { reserveIn: 10_000n, reserveOut: 10_000n },
      { reserveIn: 10_000n, reserveOut: 20_000n },
    ]
    expect(getAmountsOut(1000n, hops)).toEqual([1000n, 906n, 1_656n])
    expect(getAmountsOut(1000n, [hops[0]!, { reserveIn: 0n, reserveOut: 0n }])).toBeUndefined()
  })
})

describe('pathFee', () => {
  it('is 0.3 % per hop of the input', () => {
    expect(pathFee(1_000_000n, 1)).toBe(3_000n)
    expect(pathFee(1_000_000n, 2)).toBe(5_991n)
  })
})

describe('priceImpactPercent', () => {
  it('leaves the fee out and rounds to hundredths of a percent', () => {
    const hop = { reserveIn: 10_000n, reserveOut: 10_000n }
    // 1000 into 10,000 / 10,000: the ideal after the fee is 997, the pool gives 906.
    expect(priceImpactPercent(1000n, 906n, [hop])).toBe('9.13')
    expect(priceImpactPercent(1n, 0n, [hop])).toBe('100.00')
    const deep = { reserveIn: usdc(1_000_000n), reserveOut: dai(1_000_000n) }
    const out = getAmountOut(usdc(100n), deep)!
    expect(priceImpactPercent(usdc(100n), out, [deep])).toBe('0.01')
  })
})

describe('slippage', () => {
  it('reads percent strings as parts per million', () => {
    expect(slippageToPpm('1')).toBe(10_000n)
    expect(slippageToPpm('0.5')).toBe(5_000n)
    expect(slippageToPpm('0.0001')).toBe(1n)
    expect(slippageToPpm('50')).toBe(500_000n)
  })

  it('takes the slippage off the output, rounding down', () => {
    expect(minimumOut(1000n, 10_000n)).toBe(990n)
    expect(minimumOut(999n, 10_000n)).toBe(989n)
    expect(minimumOut(1000n, 0n)).toBe(1000n)
  })
})
