import { getAddress, numberToHex, pad } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { freePort } from '../../test/support/freePort.ts'
import { type StartPriceApiReturnType, startPriceApi } from '../../test/support/startPriceApi.ts'
import { createChainRuntime } from '../chains/createChainRuntime.ts'
import type { ChainRuntime } from '../chains/types.ts'
import { PriceApiError } from '../errors.ts'
import { createHttpPriceProvider, maxTokensPerPriceRequest } from './createHttpPriceProvider.ts'

const usdc = getAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
const weth = getAddress('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2')
const unknown = getAddress('0x000000000000000000000000000000000000dead')
const apiKey = 'cg-test-key'

/** Distinct token addresses 0x…01, 0x…02, … each priced at its index. */
const manyTokens = Array.from({ length: 120 }, (_, index) =>
  getAddress(pad(numberToHex(index + 1), { size: 20 })),
)

// Only the chain id matters to the provider; nothing is sent to this RPC URL.
const chainRuntime = (chainId: number): ChainRuntime =>
  createChainRuntime({
    config: {
      chainId,
      name: `Chain ${chainId}`,
      rpcUrl: 'http://127.0.0.1:9',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      tokens: [],
    },
  })
const mainnet = chainRuntime(1)

let api: StartPriceApiReturnType

beforeAll(async () => {
  api = await startPriceApi({
    apiKey,
    prices: {
      ethereum: {
        [usdc.toLowerCase()]: 0.9998,
        [weth.toLowerCase()]: 3120.55,
        ...Object.fromEntries(manyTokens.map((token, index) => [token.toLowerCase(), index + 1])),
      },
      base: { [weth.toLowerCase()]: 3119.01 },
    },
  })
})

afterAll(async () => {
  await api?.stop()
})

beforeEach(() => {
  api.requests.length = 0
  api.setMode('ok')
})

describe('createHttpPriceProvider', () => {
  it("prices tokens through the platform's token_price endpoint, sending the API key", async () => {
    const provider = createHttpPriceProvider({ baseUrl: api.baseUrl, apiKey })
    expect(await provider.getUsdPrices({ chain: mainnet, tokens: [usdc, weth] })).toEqual({
      [usdc.toLowerCase()]: { price: 0.9998, source: 'provider' },
      [weth.toLowerCase()]: { price: 3120.55, source: 'provider' },
    })
    expect(api.requests).toHaveLength(1)
    expect(api.requests[0]).toMatchObject({
      platform: 'ethereum',
      contractAddresses: [usdc.toLowerCase(), weth.toLowerCase()],
      vsCurrencies: 'usd',
    })
    expect(api.requests[0]!.headers['x-cg-pro-api-key']).toBe(apiKey)

    const base = await provider.getUsdPrices({ chain: chainRuntime(8453), tokens: [weth] })
    expect(base[weth.toLowerCase()]).toEqual({ price: 3119.01, source: 'provider' })
    expect(api.requests[1]!.platform).toBe('base')
  })

  it('sends the key in the header it is told to', async () => {
    const provider = createHttpPriceProvider({
      baseUrl: `${api.baseUrl}/`,
      apiKey: 'demo-key',
      apiKeyHeader: 'x-cg-demo-api-key',
    })
    // This API wants the pro header, so it refuses; the point is what was sent.
    await expect(provider.getUsdPrices({ chain: mainnet, tokens: [usdc] })).rejects.toThrow(
      PriceApiError,
    )
    expect(api.requests[0]!.headers['x-cg-demo-api-key']).toBe('demo-key')
    expect(api.requests[0]!.headers['x-cg-pro-api-key']).toBeUndefined()
  })

  it('leaves tokens the API does not know unpriced', async () => {
    const provider = createHttpPriceProvider({ baseUrl: api.baseUrl, apiKey })
    const prices = await provider.getUsdPrices({ chain: mainnet, tokens: [usdc, unknown] })
    expect(Object.keys(prices)).toEqual([usdc.toLowerCase()])
  })

  it(`asks for at most ${maxTokensPerPriceRequest} tokens per request and merges the answers`, async () => {
    const provider = createHttpPriceProvider({ baseUrl: api.baseUrl, apiKey })
    const prices = await provider.getUsdPrices({ chain: mainnet, tokens: manyTokens })
    expect(api.requests.map((request) => request.contractAddresses.length)).toEqual([50, 50, 20])
    expect(api.requests.flatMap((request) => request.contractAddresses)).toEqual(
      manyTokens.map((token) => token.toLowerCase()),
    )
    expect(Object.keys(prices)).toHaveLength(manyTokens.length)
    expect(prices[manyTokens[119]!.toLowerCase()]).toEqual({ price: 120, source: 'provider' })
  })

  it('makes no request for a network the API has no platform for, or for no tokens', async () => {
    const provider = createHttpPriceProvider({ baseUrl: api.baseUrl, apiKey })
    expect(await provider.getUsdPrices({ chain: chainRuntime(31337), tokens: [usdc] })).toEqual({})
    expect(await provider.getUsdPrices({ chain: mainnet, tokens: [] })).toEqual({})
    expect(api.requests).toHaveLength(0)
  })

  it('rejects with PriceApiError carrying the status when the API answers an error', async () => {
    const provider = createHttpPriceProvider({ baseUrl: api.baseUrl, apiKey })
    api.setMode(429)
    const error = await provider
      .getUsdPrices({ chain: mainnet, tokens: [usdc] })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PriceApiError)
    expect(error).toMatchObject({
      status: 429,
      shortMessage: 'The price API answered HTTP 429',
      details: `${api.baseUrl}/simple/token_price/ethereum`,
    })

    const withoutKey = createHttpPriceProvider({ baseUrl: api.baseUrl })
    api.setMode('ok')
    await expect(withoutKey.getUsdPrices({ chain: mainnet, tokens: [usdc] })).rejects.toMatchObject(
      {
        status: 401,
      },
    )
  })

  it('gives up on an API that does not answer within the timeout', async () => {
    const provider = createHttpPriceProvider({ baseUrl: api.baseUrl, apiKey, timeoutMs: 200 })
    api.setMode('hang')
    const error = await provider
      .getUsdPrices({ chain: mainnet, tokens: [usdc] })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PriceApiError)
    expect(error).toMatchObject({ status: undefined, shortMessage: 'The price API did not answer' })
    expect((error as PriceApiError).cause).toMatchObject({ name: 'TimeoutError' })
  })

  it('rejects with PriceApiError when nothing listens at the URL', async () => {
    const port = await freePort()
    const provider = createHttpPriceProvider({ baseUrl: `http://127.0.0.1:${port}/api/v3`, apiKey })
    await expect(provider.getUsdPrices({ chain: mainnet, tokens: [usdc] })).rejects.toThrow(
      PriceApiError,
    )
  })
})
