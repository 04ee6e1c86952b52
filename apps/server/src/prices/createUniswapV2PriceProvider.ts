import { type Address, erc20Abi, parseAbi } from 'viem'
import type { ChainRuntime, UniswapV2Pricing } from '../chains/types.ts'
import type { PriceMap, PriceProvider } from './types.ts'

const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

/** Fixed-point scale of intermediate prices (USD per whole token × 10^36). */
const scale = 10n ** 36n

export type PoolReserves = {
  token0: string
  token1: string
  reserve0: bigint
  reserve1: bigint
}

/**
 * Prices every token reachable from the USD-like token through pools with liquidity, by the
 * pools' spot prices (reserve ratios). A token linked through several pools takes the price of
 * the first path found breadth-first, so the most direct pool wins.
 */
export function pricesFromReserves(parameters: {
  usdToken: string
  pools: readonly PoolReserves[]
  decimals: ReadonlyMap<string, number>
}): Map<string, bigint> {
  const usd = parameters.usdToken.toLowerCase()
  const prices = new Map<string, bigint>([[usd, scale]])
  const queue = [usd]
  while (queue.length > 0) {
    const known = queue.shift()!
    const knownPrice = prices.get(known)!
    for (const pool of parameters.pools) {
      const token0 = pool.token0.toLowerCase()
      const token1 = pool.token1.toLowerCase()
      if (token0 !== known && token1 !== known) continue
      const [other, knownReserve, otherReserve] =
        token0 === known
          ? [token1, pool.reserve0, pool.reserve1]
          : [token0, pool.reserve1, pool.reserve0]
      if (prices.has(other) || knownReserve === 0n || otherReserve === 0n) continue
      const knownDecimals = parameters.decimals.get(known)
      const otherDecimals = parameters.decimals.get(other)
      if (knownDecimals === undefined || otherDecimals === undefined) continue
      // price(other) = price(known) × (knownReserve / 10^dk) / (otherReserve / 10^do)
      const price =
        (knownPrice * knownReserve * 10n ** BigInt(otherDecimals)) /
        (otherReserve * 10n ** BigInt(knownDecimals))
      prices.set(other, price)
      queue.push(other)
    }
  }
  return prices
}

/** USD per whole token as a JS number. */
export function scaledPriceToNumber(price: bigint): number {
  const whole = price / scale
  const fraction = price % scale
  return Number(whole) + Number(fraction) / 1e36
}

/** On-chain price discovery from a network's Uniswap V2 pools (the devnet's, or any V2 fork). */
export function createUniswapV2PriceProvider(): PriceProvider {
  return {
    async getUsdPrices({ chain }) {
      const pricing = chain.config.pricing
      if (!pricing) return {}
      const prices = await readPoolPrices(chain, pricing)
      const result: PriceMap = {}
      for (const [address, price] of prices) {
        result[address] = { price: scaledPriceToNumber(price), source: 'onchain-pool' }
      }
      return result
    },
  }
}

async function readPoolPrices(
  chain: ChainRuntime,
  pricing: UniswapV2Pricing,
): Promise<Map<string, bigint>> {
  const { client, config } = chain
  const decimals = new Map<string, number>(
    config.tokens.map((token) => [token.address.toLowerCase(), token.decimals]),
  )
  const unknownTokens = [
    ...new Set(pricing.pools.flatMap((pool) => [pool.token0, pool.token1])),
  ].filter((token) => !decimals.has(token.toLowerCase()))
  const [reserves, unknownDecimals] = await Promise.all([
    Promise.all(
      pricing.pools.map((pool) =>
        client.readContract({ address: pool.address, abi: pairAbi, functionName: 'getReserves' }),
      ),
    ),
    Promise.all(
      unknownTokens.map((token: Address) =>
        client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
      ),
    ),
  ])
  for (const [index, token] of unknownTokens.entries()) {
    decimals.set(token.toLowerCase(), unknownDecimals[index]!)
  }
  return pricesFromReserves({
    usdToken: pricing.usdToken,
    decimals,
    pools: pricing.pools.map((pool, index) => ({
      token0: pool.token0,
      token1: pool.token1,
      reserve0: reserves[index]![0],
      reserve1: reserves[index]![1],
    })),
  })
}
