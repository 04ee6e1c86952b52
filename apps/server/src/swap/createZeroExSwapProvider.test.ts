import { NATIVE_TOKEN_ADDRESS } from '@foyer/protocol'
import type { PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainRuntime } from '../chains/types.ts'
import { createZeroExSwapProvider } from './createZeroExSwapProvider.ts'
import { SwapApiError, SwapProviderRefusedError } from './errors.ts'

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const usdt = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const chain: ChainRuntime = {
  config: {
    chainId: 1,
    name: 'Ethereum',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: [],
    wrappedNative: weth,
  },
  client: {} as PublicClient,
}

/** The example answer of 0x's OpenAPI for `/swap/allowance-holder/price` (fees all null). */
const docsExample = {
  allowanceTarget: '0x000000000022d473030f116ddee9f6b43ac78ba3',
  blockNumber: '20114676',
  buyAmount: '100032748',
  buyToken: usdt.toLowerCase(),
  fees: { integratorFee: null, zeroExFee: null, gasFee: null },
  gas: '288095',
  gasPrice: '7062490000',
  issues: {
    allowance: { actual: '0', spender: '0x0000000000001ff3684f28c67538d4d072c22734' },
    balance: { token: usdc.toLowerCase(), actual: '0', expected: '100000000' },
    simulationIncomplete: false,
    invalidSourcesPassed: [],
  },
  liquidityAvailable: true,
  mode: 'exact-in',
  minBuyAmount: '99032421',
  route: {
    fills: [
      {
        from: usdc.toLowerCase(),
        to: usdt.toLowerCase(),
        source: 'SolidlyV3',
        proportionBps: '10000',
      },
    ],
    tokens: [
      { address: usdc.toLowerCase(), symbol: 'USDC' },
      { address: usdt.toLowerCase(), symbol: 'USDT' },
    ],
  },
  sellAmount: '100000000',
  sellToken: usdc.toLowerCase(),
  tokenMetadata: {
    buyToken: { buyTaxBps: '0', sellTaxBps: '0' },
    sellToken: { buyTaxBps: '0', sellTaxBps: '0' },
  },
  totalNetworkFee: '2034668056550000',
  zid: '0x111111111111111111111111',
}

const provider = (status: number, body: unknown) =>
  createZeroExSwapProvider({
    apiKey: 'key',
    chains: [chain],
    fetch: async () => new Response(JSON.stringify(body), { status }),
  })
const quote = (p: ReturnType<typeof provider>) =>
  p.quote({ chainId: 1, from: usdc, to: usdt, amount: 100_000_000n })

describe('0x provider', () => {
  it("reads 0x's documented example answer, and takes the issue's spender", async () => {
    const p = provider(200, docsExample)
    expect(p.spender(1)).toBe('0x0000000000001fF3684f28c67538d4D072C22734')
    expect(await quote(p)).toEqual([
      {
        fromAmount: 100_000_000n,
        toAmount: 100_032_748n,
        path: [usdc, usdt],
        priceImpact: '0.00',
        fee: 0n,
      },
    ])
    expect(p.spender(1)).toBe('0x0000000000001fF3684f28c67538d4D072C22734')
  })

  it('maps the native placeholder to WETH in the path, and a buy-token fee to sell units', async () => {
    const p = provider(200, {
      ...docsExample,
      sellToken: NATIVE_TOKEN_ADDRESS,
      sellAmount: '1000',
      buyAmount: '1990',
      fees: { zeroExFee: { amount: '10', token: usdt, type: 'volume' }, integratorFee: null },
      route: { fills: [{ from: NATIVE_TOKEN_ADDRESS, to: usdt }], tokens: [] },
    })
    const [only] = await p.quote({
      chainId: 1,
      from: NATIVE_TOKEN_ADDRESS,
      to: usdt,
      amount: 1000n,
    })
    expect(only).toMatchObject({ path: [weth, usdt], fee: 5n, toAmount: 1990n })
  })

  it('answers no quote for liquidityAvailable false and TOKEN_NOT_SUPPORTED', async () => {
    expect(await quote(provider(200, { liquidityAvailable: false, zid: '0x1' }))).toEqual([])
    const unknown = {
      name: 'TOKEN_NOT_SUPPORTED',
      message: 'Token not supported',
      data: { zid: '0x1' },
    }
    expect(await quote(provider(400, unknown))).toEqual([])
  })

  it("passes a refusal of the trade on as 400, the API's own failures as 502", async () => {
    const invalid = {
      name: 'INPUT_INVALID',
      message: 'Validation Failed',
      data: { zid: '0x1', details: [{ field: 'sellAmount', reason: 'too small' }] },
    }
    await expect(quote(provider(400, invalid))).rejects.toBeInstanceOf(SwapProviderRefusedError)
    await expect(quote(provider(401, { message: 'Invalid API key' }))).rejects.toBeInstanceOf(
      SwapApiError,
    )
    await expect(quote(provider(500, { name: 'INTERNAL_SERVER_ERROR' }))).rejects.toBeInstanceOf(
      SwapApiError,
    )
    await expect(quote(provider(200, { liquidityAvailable: true }))).rejects.toBeInstanceOf(
      SwapApiError,
    )
    const offline = createZeroExSwapProvider({
      apiKey: 'key',
      chains: [chain],
      fetch: async () => {
        throw new TypeError('fetch failed')
      },
    })
    await expect(quote(offline)).rejects.toBeInstanceOf(SwapApiError)
  })
})
