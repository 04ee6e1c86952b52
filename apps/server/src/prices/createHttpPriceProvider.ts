import { PriceApiError } from '../errors.ts'
import type { PriceMap, PriceProvider } from './types.ts'

/** CoinGecko asset-platform ids by EVM chain id. */
const platforms: Record<number, string> = {
  1: 'ethereum',
  10: 'optimistic-ethereum',
  56: 'binance-smart-chain',
  100: 'xdai',
  137: 'polygon-pos',
  324: 'zksync',
  8453: 'base',
  42161: 'arbitrum-one',
  42220: 'celo',
  43114: 'avalanche',
  59144: 'linea',
}

export type CreateHttpPriceProviderParameters = {
  /** Base URL of a CoinGecko-compatible API, e.g. `https://pro-api.coingecko.com/api/v3`. */
  baseUrl: string
  apiKey?: string | undefined
  /** Header carrying the key (default `x-cg-pro-api-key`). */
  apiKeyHeader?: string | undefined
  timeoutMs?: number | undefined
  fetch?: typeof fetch
}

export type HttpPriceProviderErrorType = PriceApiError

/** Addresses per request; CoinGecko's token_price endpoint takes a bounded list. */
export const maxTokensPerPriceRequest = 50

/**
 * USD prices from an HTTP price API speaking CoinGecko's `/simple/token_price/{platform}` format.
 * Tokens the API does not know stay unpriced; networks it has no platform for get no request.
 * A failed request (network error, timeout, HTTP error status) rejects with `PriceApiError`.
 */
export function createHttpPriceProvider(
  parameters: CreateHttpPriceProviderParameters,
): PriceProvider {
  const { baseUrl, apiKey, apiKeyHeader = 'x-cg-pro-api-key', timeoutMs = 5_000 } = parameters
  const fetchFn = parameters.fetch ?? fetch
  return {
    async getUsdPrices({ chain, tokens }) {
      const platform = platforms[chain.config.chainId]
      if (!platform || tokens.length === 0) return {}
      const result: PriceMap = {}
      for (let start = 0; start < tokens.length; start += maxTokensPerPriceRequest) {
        const chunk = tokens
          .slice(start, start + maxTokensPerPriceRequest)
          .map((token) => token.toLowerCase())
        const url = new URL(`${baseUrl.replace(/\/$/, '')}/simple/token_price/${platform}`)
        url.searchParams.set('contract_addresses', chunk.join(','))
        url.searchParams.set('vs_currencies', 'usd')
        // Errors name the endpoint, not the (long) token list.
        const endpoint = `${url.origin}${url.pathname}`
        let body: Record<string, { usd?: unknown } | null>
        try {
          const response = await fetchFn(url, {
            headers: { accept: 'application/json', ...(apiKey ? { [apiKeyHeader]: apiKey } : {}) },
            signal: AbortSignal.timeout(timeoutMs),
          })
          if (!response.ok) {
            await response.body?.cancel()
            throw new PriceApiError({ url: endpoint, status: response.status })
          }
          body = (await response.json()) as typeof body
        } catch (error) {
          if (error instanceof PriceApiError) throw error
          throw new PriceApiError({ url: endpoint, cause: error })
        }
        const requested = new Set(chunk)
        for (const [key, entry] of Object.entries(body ?? {})) {
          const address = key.toLowerCase()
          const price = entry?.usd
          if (
            requested.has(address) &&
            typeof price === 'number' &&
            Number.isFinite(price) &&
            price >= 0
          ) {
            result[address] = { price, source: 'provider' }
          }
        }
      }
      return result
    },
  }
}
