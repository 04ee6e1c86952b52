import type { Address } from 'viem'
import type { Cache } from '../cache/createCache.ts'
import type { ChainRuntime } from '../chains/types.ts'
import { createUniswapV2PriceProvider } from './createUniswapV2PriceProvider.ts'
import type { PriceMap, PriceProvider, PriceQuote } from './types.ts'

/** Prices are cached as long as balances (SPEC §9). */
export const priceCacheTtlMs = 30_000

export type CreatePriceServiceParameters = {
  cache: Cache
  /** Used for networks without on-chain pricing; none → prices are reported as unavailable. */
  httpProvider?: PriceProvider | undefined
  /** Told when `httpProvider` fails (its tokens are then answered as unavailable). */
  onProviderError?: ((error: unknown) => void) | undefined
}

export type PriceService = {
  /** USD prices by lower-case address; tokens without a source get `{ price: 0, source: 'unavailable' }`. */
  getUsdPrices: (parameters: {
    chain: ChainRuntime
    tokens: readonly Address[]
    forceUpdate?: boolean
  }) => Promise<PriceMap>
}

export const unavailablePrice: PriceQuote = { price: 0, source: 'unavailable' }

export function createPriceService({
  cache,
  httpProvider,
  onProviderError,
}: CreatePriceServiceParameters): PriceService {
  const pools = createUniswapV2PriceProvider()
  return {
    async getUsdPrices({ chain, tokens, forceUpdate = false }) {
      const wanted = tokens.map((token) => token.toLowerCase())
      const provider = chain.config.pricing ? pools : httpProvider
      const result: PriceMap = {}
      if (!provider) {
        for (const token of wanted) result[token] = unavailablePrice
        return result
      }
      if (chain.config.pricing) {
        // One snapshot of all pools prices every token of the network at once.
        const key = `prices:${chain.config.chainId}:pools`
        let prices = forceUpdate ? undefined : await cache.get<PriceMap>(key)
        if (!prices) {
          prices = await pools.getUsdPrices({ chain, tokens })
          await cache.set(key, prices, priceCacheTtlMs)
        }
        for (const token of wanted) result[token] = prices[token] ?? unavailablePrice
        return result
      }
      const missing: Address[] = []
      for (const token of wanted) {
        const cached = forceUpdate
          ? undefined
          : await cache.get<PriceQuote>(`prices:${chain.config.chainId}:${token}`)
        if (cached) result[token] = cached
        else missing.push(token as Address)
      }
      if (missing.length > 0) {
        let fetched: PriceMap
        try {
          fetched = await provider.getUsdPrices({ chain, tokens: missing })
        } catch (error) {
          // A price API outage must not take balances down: the tokens are answered as unpriced
          // (price 0, value 0, source 'unavailable'), and not cached, so the next call asks again.
          onProviderError?.(error)
          for (const token of missing) result[token] = unavailablePrice
          return result
        }
        for (const token of missing) {
          const quote = fetched[token] ?? unavailablePrice
          result[token] = quote
          await cache.set(`prices:${chain.config.chainId}:${token}`, quote, priceCacheTtlMs)
        }
      }
      return result
    },
  }
}
