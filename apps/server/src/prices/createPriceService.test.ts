import { getAddress } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type StartPriceApiReturnType, startPriceApi } from '../../test/support/startPriceApi.ts'
import { createMemoryCache } from '../cache/createCache.ts'
import { createChainRuntime } from '../chains/createChainRuntime.ts'
import { PriceApiError } from '../errors.ts'
import { createHttpPriceProvider } from './createHttpPriceProvider.ts'
import { createPriceService, priceCacheTtlMs } from './createPriceService.ts'

const usdc = getAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
const unknown = getAddress('0x000000000000000000000000000000000000dead')
// A public network priced by the provider (no pools); nothing is sent to its RPC URL.
const mainnet = createChainRuntime({
  config: {
    chainId: 1,
    name: 'Ethereum',
    rpcUrl: 'http://127.0.0.1:9',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: [],
  },
})

let api: StartPriceApiReturnType

beforeAll(async () => {
  api = await startPriceApi({ prices: { ethereum: { [usdc.toLowerCase()]: 0.9998 } } })
})

afterAll(async () => {
  await api?.stop()
})

beforeEach(() => {
  api.requests.length = 0
  api.setMode('ok')
})

function createService() {
  let now = 1_700_000_000_000
  const errors: unknown[] = []
  const service = createPriceService({
    cache: createMemoryCache({ now: () => now }),
    httpProvider: createHttpPriceProvider({ baseUrl: api.baseUrl, timeoutMs: 500 }),
    onProviderError: (error) => errors.push(error),
  })
  return { service, errors, advance: (ms: number) => (now += ms) }
}

describe('createPriceService with an HTTP price API', () => {
  it('answers provider prices, and tokens the API does not know as unavailable at 0', async () => {
    const { service } = createService()
    expect(await service.getUsdPrices({ chain: mainnet, tokens: [usdc, unknown] })).toEqual({
      [usdc.toLowerCase()]: { price: 0.9998, source: 'provider' },
      [unknown.toLowerCase()]: { price: 0, source: 'unavailable' },
    })
  })

  it('answers every token as unavailable at 0 while the API fails, and asks again next time', async () => {
    const { service, errors } = createService()
    api.setMode(503)
    expect(await service.getUsdPrices({ chain: mainnet, tokens: [usdc] })).toEqual({
      [usdc.toLowerCase()]: { price: 0, source: 'unavailable' },
    })
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(PriceApiError)

    api.setMode('hang')
    expect(await service.getUsdPrices({ chain: mainnet, tokens: [usdc] })).toEqual({
      [usdc.toLowerCase()]: { price: 0, source: 'unavailable' },
    })
    expect(errors).toHaveLength(2)

    api.setMode('ok')
    expect(await service.getUsdPrices({ chain: mainnet, tokens: [usdc] })).toEqual({
      [usdc.toLowerCase()]: { price: 0.9998, source: 'provider' },
    })
  })

  it('keeps prices for 30 s unless forceUpdate is set', async () => {
    const { service, advance } = createService()
    await service.getUsdPrices({ chain: mainnet, tokens: [usdc] })
    await service.getUsdPrices({ chain: mainnet, tokens: [usdc] })
    expect(api.requests).toHaveLength(1)
    await service.getUsdPrices({ chain: mainnet, tokens: [usdc], forceUpdate: true })
    expect(api.requests).toHaveLength(2)
    advance(priceCacheTtlMs - 1)
    await service.getUsdPrices({ chain: mainnet, tokens: [usdc] })
    expect(api.requests).toHaveLength(2)
    advance(1)
    await service.getUsdPrices({ chain: mainnet, tokens: [usdc] })
    expect(api.requests).toHaveLength(3)
  })

  it('answers tokens as unavailable without any request when no price API is configured', async () => {
    const service = createPriceService({ cache: createMemoryCache() })
    expect(await service.getUsdPrices({ chain: mainnet, tokens: [usdc] })).toEqual({
      [usdc.toLowerCase()]: { price: 0, source: 'unavailable' },
    })
    expect(api.requests).toHaveLength(0)
  })
})
