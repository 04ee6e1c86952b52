import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pricesFromReserves, scaledPriceToNumber } from './createUniswapV2PriceProvider.ts'

const usdc = '0x00000000000000000000000000000000000000a1'
const weth = '0x00000000000000000000000000000000000000b2'
const dai = '0x00000000000000000000000000000000000000c3'
const decimals = new Map([
  [usdc, 6],
  [weth, 18],
  [dai, 18],
])

describe('pricesFromReserves', () => {
  it('prices a token by its reserve ratio against the USD token', () => {
    const prices = pricesFromReserves({
      usdToken: usdc,
      decimals,
      // 3,000,000 USDC against 1,000 WETH: 3000 USD per WETH.
      pools: [
        {
          token0: usdc,
          token1: weth,
          reserve0: 3_000_000n * 10n ** 6n,
          reserve1: 1000n * 10n ** 18n,
        },
      ],
    })
    expect(scaledPriceToNumber(prices.get(weth)!)).toBe(3000)
    expect(scaledPriceToNumber(prices.get(usdc)!)).toBe(1)
  })

  it('prices a token with no USD pool through an intermediate pool', () => {
    const prices = pricesFromReserves({
      usdToken: usdc,
      decimals,
      pools: [
        { token0: weth, token1: dai, reserve0: 10n * 10n ** 18n, reserve1: 20_000n * 10n ** 18n },
        {
          token0: usdc,
          token1: weth,
          reserve0: 4_000_000n * 10n ** 6n,
          reserve1: 1000n * 10n ** 18n,
        },
      ],
    })
    expect(scaledPriceToNumber(prices.get(weth)!)).toBe(4000)
    expect(scaledPriceToNumber(prices.get(dai)!)).toBe(2)
  })

  it('leaves tokens of empty pools unpriced', () => {
    const prices = pricesFromReserves({
      usdToken: usdc,
      decimals,
      pools: [{ token0: usdc, token1: weth, reserve0: 0n, reserve1: 0n }],
    })
    expect(prices.has(weth)).toBe(false)
  })

  it('gives a price that times the token reserve equals the USD reserve', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 27n }),
        (usdReserve, wethReserve) => {
          const prices = pricesFromReserves({
            usdToken: usdc,
            decimals,
            pools: [{ token0: weth, token1: usdc, reserve0: wethReserve, reserve1: usdReserve }],
          })
          const price = prices.get(weth)!
          // value of the whole WETH reserve in USD × 10^36, within rounding of one unit per token
          const value = (price * wethReserve) / 10n ** 18n
          const expected = usdReserve * 10n ** 30n
          expect(value <= expected).toBe(true)
          expect(expected - value <= wethReserve / 10n ** 18n + 1n).toBe(true)
        },
      ),
    )
  })
})
