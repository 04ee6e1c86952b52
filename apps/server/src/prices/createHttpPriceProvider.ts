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

/**
 * USD prices from an HTTP price API speaking CoinGecko's `/simple/token_price/{platform}` format.
 * Tokens the API does not know stay unpriced.
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
      // The API takes a bounded number of addresses per call.
      for (let start = 0; start < tokens.length; start += 50) {
        const chunk = tokens.slice(start, start + 50).map((token) => token.toLowerCase())
        const url = new URL(`${baseUrl.replace(/\/$/, '')}/simple/token_price/${platform}`)
        url.searchParams.set('contract_addresses', chunk.join(','))
        url.searchParams.set('vs_currencies', 'usd')
        const response = await fetchFn(url, {
          headers: { accept: 'application/json', ...(apiKey ? { [apiKeyHeader]: apiKey } : {}) },
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (!response.ok) throw new Error(`Price API answered HTTP ${response.status}`)
        const body = (await response.json()) as Record<string, { usd?: unknown }>
        for (const [address, entry] of Object.entries(body)) {
          const price = entry?.usd
          if (typeof price === 'number' && Number.isFinite(price) && price >= 0) {
            result[address.toLowerCase()] = { price, source: 'provider' }
          }
        }
      }
      return result
    },
  }
}
