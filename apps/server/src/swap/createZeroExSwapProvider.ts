import { NATIVE_TOKEN_ADDRESS } from '@foyer/protocol'
import * as v from 'valibot'
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, maxUint256 } from 'viem'
import type { ChainRuntime } from '../chains/types.ts'
import type { PriceService } from '../prices/createPriceService.ts'
import {
  NativeApprovalError,
  NoSwapRouteError,
  SwapApiError,
  SwapProviderRefusedError,
} from './errors.ts'
import type { SwapProvider, SwapProviderQuote } from './types.ts'

/** 0x's AllowanceHolder on Cancun networks (Ethereum, Base, Arbitrum, Optimism, Polygon, …). */
export const zeroExAllowanceHolder: Address = '0x0000000000001fF3684f28c67538d4D072C22734'

export type CreateZeroExSwapProviderParameters = {
  /** Sent as `0x-api-key`. */
  apiKey: string
  /** Default `https://api.0x.org`. */
  baseUrl?: string | undefined
  /** The networks to serve (each with a node here, for allowances and gas). */
  chains: readonly ChainRuntime[]
  /**
   * The spender ERC-20s approve until an answer of the API names one (`allowanceTarget`); default
   * `zeroExAllowanceHolder`.
   */
  allowanceHolder?: Address | undefined
  /** USD prices for the price impact; without them (or a price) it is reported as '0.00'. */
  prices?: PriceService | undefined
  timeoutMs?: number | undefined
  fetch?: typeof fetch | undefined
}

const uint = v.pipe(v.string(), v.regex(/^[0-9]+$/))
const address = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{40}$/),
  v.transform((value) => getAddress(value)),
)
const fee = v.nullish(v.object({ amount: uint, token: address }))
const liquidEntries = {
  liquidityAvailable: v.literal(true),
  allowanceTarget: v.nullish(address),
  buyAmount: uint,
  sellAmount: uint,
  buyToken: address,
  sellToken: address,
  minBuyAmount: uint,
  fees: v.object({ zeroExFee: fee, integratorFee: fee }),
  issues: v.nullish(v.object({ allowance: v.nullish(v.object({ spender: address })) })),
  route: v.object({ fills: v.array(v.object({ from: address, to: address })) }),
}
const noLiquidity = v.object({ liquidityAvailable: v.literal(false) })
/** `GET /swap/allowance-holder/price` (0x Swap API v2), the fields read. */
const priceResponse = v.variant('liquidityAvailable', [noLiquidity, v.object(liquidEntries)])
/** `GET /swap/allowance-holder/quote`: the price plus the transaction to send. */
const quoteResponse = v.variant('liquidityAvailable', [
  noLiquidity,
  v.object({
    ...liquidEntries,
    transaction: v.object({
      to: address,
      data: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/)),
      gas: v.nullish(uint),
      value: uint,
    }),
  }),
])
/** Error bodies: `{ name: 'TOKEN_NOT_SUPPORTED', message, data: { zid } }` and friends. */
const errorBody = v.object({ name: v.string(), message: v.optional(v.string()) })

type Liquid = v.InferOutput<v.ObjectSchema<typeof liquidEntries, undefined>>

/** Gas limit when the answer has none (`disableEstimate`). */
const defaultGas = 600_000n

/**
 * Swaps of public networks through the 0x Swap API v2 (AllowanceHolder flow): quotes from
 * `/swap/allowance-holder/price`, transactions from `/swap/allowance-holder/quote`. The native
 * currency is 0x's own `0xEeee…EEeE`, as in the convert API.
 */
export function createZeroExSwapProvider(
  parameters: CreateZeroExSwapProviderParameters,
): SwapProvider {
  const baseUrl = (parameters.baseUrl ?? 'https://api.0x.org').replace(/\/+$/, '')
  const timeoutMs = parameters.timeoutMs ?? 10_000
  const fetchFn = parameters.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const chains = new Map(parameters.chains.map((chain) => [chain.config.chainId, chain]))
  /** The spender per network, as the API last named it. */
  const spenders = new Map<number, Address>()

  function chainOf(chainId: number): ChainRuntime {
    const chain = chains.get(chainId)
    if (!chain) throw new Error(`0x swaps are not configured on chain ${chainId}`)
    return chain
  }

  /** GETs an endpoint; `undefined` for a pair 0x has no route for (TOKEN_NOT_SUPPORTED). */
  async function call(path: string, query: Record<string, string | undefined>): Promise<unknown> {
    const url = new URL(`${baseUrl}${path}`)
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(key, value)
    const endpoint = `${url.origin}${url.pathname}`
    let response: Response
    let body: unknown
    try {
      response = await fetchFn(url, {
        headers: {
          accept: 'application/json',
          '0x-api-key': parameters.apiKey,
          '0x-version': 'v2',
        },
        signal: AbortSignal.timeout(timeoutMs),
      })
      body = await response.json().catch(() => undefined)
    } catch (error) {
      throw new SwapApiError({ url: endpoint, cause: error })
    }
    if (response.ok) return body
    const error = v.safeParse(errorBody, body)
    if (error.success && error.output.name === 'TOKEN_NOT_SUPPORTED') return undefined
    // A refusal of this trade (invalid input, a token or taker not allowed) is the client's to see;
    // anything else (a refused key, a failure of 0x) is this server's.
    if (error.success && response.status >= 400 && response.status < 500 && response.status !== 401)
      throw new SwapProviderRefusedError(error.output.message ?? error.output.name)
    throw new SwapApiError({ url: endpoint, status: response.status })
  }

  function parse<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown, path: string) {
    const result = v.safeParse(schema, body)
    if (!result.success)
      throw new SwapApiError({
        url: `${baseUrl}${path}`,
        cause: new Error(v.summarize(result.issues)),
      })
    return result.output as v.InferOutput<TSchema>
  }

  const isNative = (token: Address) => token.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase()

  const spenderOf = (chainId: number): Address =>
    spenders.get(chainId) ?? parameters.allowanceHolder ?? zeroExAllowanceHolder

  function learnSpender(chainId: number, answer: Liquid) {
    // 0x's docs name both; the issue's spender is the one the taker's allowance is checked on.
    const spender = answer.issues?.allowance?.spender ?? answer.allowanceTarget
    if (spender) spenders.set(chainId, spender)
  }

  /** The answer as a quote: path hop by hop (WETH for native), 0x's fee in `from` units. */
  async function toQuote(chain: ChainRuntime, answer: Liquid): Promise<SwapProviderQuote> {
    const sellAmount = BigInt(answer.sellAmount)
    const buyAmount = BigInt(answer.buyAmount)
    const wrapped = chain.config.wrappedNative
    const hop = (token: Address) => (isNative(token) && wrapped ? getAddress(wrapped) : token)
    const path: Address[] = []
    for (const token of [
      answer.sellToken,
      ...answer.route.fills.flatMap((fill) => [fill.from, fill.to]),
      answer.buyToken,
    ]) {
      const step = hop(token)
      if (!path.some((known) => known.toLowerCase() === step.toLowerCase())) path.push(step)
    }
    // 0x takes its fee (and an integrator's) in the sell or the buy token.
    let sellTokenFee = 0n
    let buyTokenFee = 0n
    for (const charged of [answer.fees.zeroExFee, answer.fees.integratorFee]) {
      if (charged?.token === answer.sellToken) sellTokenFee += BigInt(charged.amount)
      else if (charged?.token === answer.buyToken) buyTokenFee += BigInt(charged.amount)
    }
    // A buy-token fee as sell-token units, at the quote's own rate.
    const feeInSell = sellTokenFee + (buyAmount > 0n ? (buyTokenFee * sellAmount) / buyAmount : 0n)
    return {
      fromAmount: sellAmount,
      toAmount: buyAmount,
      path,
      priceImpact: await priceImpact(chain, answer, sellTokenFee, buyTokenFee),
      fee: feeInSell,
    }
  }

  /** 1 − value out / value in at USD prices, 0x's fee left out; '0.00' without prices. */
  async function priceImpact(
    chain: ChainRuntime,
    answer: Liquid,
    sellTokenFee: bigint,
    buyTokenFee: bigint,
  ): Promise<string> {
    const { config } = chain
    const priced = (token: Address) => (isNative(token) ? (config.wrappedNative ?? token) : token)
    const decimals = (token: Address) =>
      isNative(token)
        ? config.nativeCurrency.decimals
        : config.tokens.find((t) => t.address.toLowerCase() === token.toLowerCase())?.decimals
    const [sellDecimals, buyDecimals] = [decimals(answer.sellToken), decimals(answer.buyToken)]
    if (!parameters.prices || sellDecimals === undefined || buyDecimals === undefined) return '0.00'
    try {
      const prices = await parameters.prices.getUsdPrices({
        chain,
        tokens: [priced(answer.sellToken), priced(answer.buyToken)],
      })
      const sellPrice = prices[priced(answer.sellToken).toLowerCase()]?.price ?? 0
      const buyPrice = prices[priced(answer.buyToken).toLowerCase()]?.price ?? 0
      if (sellPrice <= 0 || buyPrice <= 0) return '0.00'
      const usd = (amount: bigint, tokenDecimals: number, price: number) =>
        (Number(amount) / 10 ** tokenDecimals) * price
      // What was swapped and what it gave, before the fees.
      const valueIn = usd(BigInt(answer.sellAmount) - sellTokenFee, sellDecimals, sellPrice)
      const valueOut = usd(BigInt(answer.buyAmount) + buyTokenFee, buyDecimals, buyPrice)
      if (valueIn <= 0) return '0.00'
      return Math.max(0, (1 - valueOut / valueIn) * 100).toFixed(2)
    } catch {
      return '0.00'
    }
  }

  return {
    name: '0x',
    supports: (chainId) => chains.has(chainId),
    async tokens(chainId) {
      const { config } = chainOf(chainId)
      return [
        {
          address: NATIVE_TOKEN_ADDRESS,
          name: config.nativeCurrency.name,
          symbol: config.nativeCurrency.symbol,
          decimals: config.nativeCurrency.decimals,
        },
        ...config.tokens.map(({ address, name, symbol, decimals }) => ({
          address,
          name,
          symbol,
          decimals,
        })),
      ]
    },
    async quote({ chainId, from, to, amount, gasPrice, user }) {
      const chain = chainOf(chainId)
      const path = '/swap/allowance-holder/price'
      const body = await call(path, {
        chainId: String(chainId),
        sellToken: from,
        buyToken: to,
        sellAmount: amount.toString(),
        taker: user,
        gasPrice: gasPrice?.toString(),
      })
      if (body === undefined) return []
      const answer = parse(priceResponse, body, path)
      if (!answer.liquidityAvailable) return []
      learnSpender(chainId, answer)
      return [await toQuote(chain, answer)]
    },
    spender: spenderOf,
    async allowance({ chainId, token, owner }) {
      if (isNative(token)) return maxUint256
      return chainOf(chainId).client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, spenderOf(chainId)],
      })
    },
    async buildApprove({ chainId, token, amount }) {
      if (isNative(token)) throw new NativeApprovalError()
      chainOf(chainId)
      return {
        to: getAddress(token),
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [spenderOf(chainId), amount ?? maxUint256],
        }),
        value: 0n,
        fallbackGas: 100_000n,
      }
    },
    async buildSwap({ chainId, from, to, amount, user, slippagePpm, gasPrice }) {
      chainOf(chainId)
      const path = '/swap/allowance-holder/quote'
      const body = await call(path, {
        chainId: String(chainId),
        sellToken: from,
        buyToken: to,
        sellAmount: amount.toString(),
        taker: user,
        gasPrice: gasPrice?.toString(),
        // Whole basis points where they say it exactly, else parts per million.
        ...(slippagePpm % 100n === 0n
          ? { slippageBps: (slippagePpm / 100n).toString() }
          : { slippagePpm: slippagePpm.toString() }),
      })
      if (body === undefined) throw new NoSwapRouteError()
      const answer = parse(quoteResponse, body, path)
      if (!answer.liquidityAvailable) throw new NoSwapRouteError()
      learnSpender(chainId, answer)
      return {
        call: {
          to: answer.transaction.to,
          data: answer.transaction.data as Hex,
          value: BigInt(answer.transaction.value),
          fallbackGas: answer.transaction.gas ? BigInt(answer.transaction.gas) : defaultGas,
        },
        toAmount: BigInt(answer.buyAmount),
        toAmountMin: BigInt(answer.minBuyAmount),
      }
    },
  }
}
