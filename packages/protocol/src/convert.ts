import * as v from 'valibot'
import { booleanParam, caipNetworkIdSchema, projectIdSchema, sdkQueryEntries } from './common.ts'

/**
 * The convert (swap) API of SPEC §7. Tokens are CAIP-10 ids `eip155:<chainId>:<address>`; the
 * native currency is `eip155:<chainId>:NATIVE_TOKEN_ADDRESS`. Amounts are whole numbers of base
 * units as decimal strings.
 */

/** Stands for the network's native currency wherever a token address is expected. */
export const NATIVE_TOKEN_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const

/** Default slippage tolerance of a swap, in percent (SPEC §9). */
export const DEFAULT_SWAP_SLIPPAGE = '1'

/** Messages the convert routes answer for a network without swaps (SPEC §8), with status 400. */
export const swapMessages = {
  networkNotSupported: 'Network not supported for Swaps',
  gasPriceNetworkNotSupported: 'Network not supported for Gas Price',
} as const

const maxUint256 = 2n ** 256n - 1n
const caip10Pattern = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/
const eip155Caip10Pattern = /^eip155:[1-9][0-9]{0,15}:0x[0-9a-fA-F]{40}$/

/** The parts of a CAIP-10 id; `undefined` when it has not three non-empty parts. */
export function splitCaip10(
  value: string,
): { namespace: string; reference: string; address: string } | undefined {
  const [namespace, reference, address, extra] = value.split(':')
  if (!namespace || !reference || !address || extra !== undefined) return undefined
  return { namespace, reference, address }
}

/** The CAIP-2 network (`eip155:1`) of a CAIP-10 id (`eip155:1:0x…`). */
export function caip10Network(value: string): string {
  return value.split(':').slice(0, 2).join(':')
}

/**
 * A CAIP-10 token or account of any namespace (a network without swaps is answered with
 * 'Network not supported for Swaps', not as bad input); an `eip155` one must carry a decimal
 * chain id and a 0x address.
 */
function caip10Schema(name: string) {
  return v.pipe(
    v.string(`${name} must be a string`),
    v.regex(caip10Pattern, `${name} must be a CAIP-10 id such as eip155:1:0x…`),
    v.check(
      (value) => !value.startsWith('eip155:') || eip155Caip10Pattern.test(value),
      `${name} must be eip155:<chain id>:0x followed by 40 hex characters`,
    ),
  )
}

/** A whole number of base units (or wei) as a decimal string, within uint256. */
function baseUnitsSchema(name: string, options: { positive: boolean }) {
  const digits = /^[0-9]{1,78}$/
  // Valibot runs every check of a pipe even after one failed: each guards its own BigInt.
  return v.pipe(
    v.string(`${name} must be a string of base units`),
    v.regex(digits, `${name} must be a whole number of base units in decimal digits`),
    v.check(
      (value) => !digits.test(value) || BigInt(value) <= maxUint256,
      `${name} is larger than uint256`,
    ),
    v.check(
      (value) => !options.positive || !digits.test(value) || BigInt(value) > 0n,
      `${name} must be greater than 0`,
    ),
  )
}

/** Slippage tolerance in percent: 0 to 50, at most 4 decimals ('1', '0.5', '0.05'). */
export const slippageSchema = v.pipe(
  v.string('slippage must be a string (percent)'),
  v.regex(/^[0-9]{1,2}(\.[0-9]{1,4})?$/, 'slippage must be a percentage such as 1 or 0.5'),
  v.check((value) => Number(value) <= 50, 'slippage must be at most 50 (percent)'),
)

const sameNetwork = (a: string, b: string) => caip10Network(a) === caip10Network(b)

const pairMessages = {
  toNetwork: 'to must be a token of the network of from',
  sameToken: 'to must be another token than from',
  userNetwork: 'userAddress must be an account of the network of from',
} as const

// GET /v1/convert/tokens
export const getSwapTokensQuery = v.object({
  ...sdkQueryEntries,
  /** CAIP-2 network, e.g. `eip155:1`. */
  chainId: caipNetworkIdSchema,
})
export type GetSwapTokensQuery = v.InferInput<typeof getSwapTokensQuery>
export const swapToken = v.object({
  name: v.string(),
  symbol: v.string(),
  /** CAIP-10; the native currency is `eip155:<chainId>:NATIVE_TOKEN_ADDRESS`. */
  address: v.string(),
  decimals: v.number(),
  logoUri: v.string(),
})
export type SwapToken = v.InferOutput<typeof swapToken>
/** The native currency first, then the network's listed tokens. */
export const getSwapTokensResponse = v.object({ tokens: v.array(swapToken) })
export type GetSwapTokensResponse = v.InferOutput<typeof getSwapTokensResponse>

// GET /v1/convert/quotes
export const getSwapQuoteQuery = v.pipe(
  v.object({
    ...sdkQueryEntries,
    /** Base units of `from`. */
    amount: baseUnitsSchema('amount', { positive: true }),
    /** CAIP-10 account of the swapper. */
    userAddress: caip10Schema('userAddress'),
    /** CAIP-10 tokens. */
    from: caip10Schema('from'),
    to: caip10Schema('to'),
    /** Wei; accepted for compatibility, the Uniswap V2 provider routes by output amount only. */
    gasPrice: v.optional(baseUnitsSchema('gasPrice', { positive: false })),
  }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (input) => sameNetwork(input.from, input.to),
      pairMessages.toNetwork,
    ),
    ['to'],
  ),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (input) => input.from.toLowerCase() !== input.to.toLowerCase(),
      pairMessages.sameToken,
    ),
    ['to'],
  ),
  v.forward(
    v.partialCheck(
      [['from'], ['userAddress']],
      (input) => sameNetwork(input.from, input.userAddress),
      pairMessages.userNetwork,
    ),
    ['userAddress'],
  ),
)
export type GetSwapQuoteQuery = v.InferInput<typeof getSwapQuoteQuery>
export const swapQuote = v.object({
  /** Base units of `from`. */
  fromAmount: v.string(),
  /** The `from` token (CAIP-10) as requested. */
  fromAccount: v.string(),
  /** Base units of `to` the swap gives at the current pool state. */
  toAmount: v.string(),
  /** The `to` token (CAIP-10) as requested. */
  toAccount: v.string(),
  /** Token addresses (0x) hop by hop, the wrapped native token standing for the native one. */
  path: v.array(v.string()),
  /** Price impact in percent (e.g. '0.12'), the provider fee excluded. */
  priceImpact: v.string(),
  /** Provider fee in base units of `from` (0.3 % per hop on Uniswap V2). */
  fee: v.string(),
})
export type SwapQuote = v.InferOutput<typeof swapQuote>
/** Best path first; empty when no path has liquidity. */
export const getSwapQuoteResponse = v.object({ quotes: v.array(swapQuote) })
export type GetSwapQuoteResponse = v.InferOutput<typeof getSwapQuoteResponse>

// GET /v1/convert/allowance
export const getSwapAllowanceQuery = v.pipe(
  v.object({
    ...sdkQueryEntries,
    /** CAIP-10 token. */
    tokenAddress: caip10Schema('tokenAddress'),
    /** CAIP-10 account of the owner. */
    userAddress: caip10Schema('userAddress'),
  }),
  v.forward(
    v.partialCheck(
      [['tokenAddress'], ['userAddress']],
      (input) => sameNetwork(input.tokenAddress, input.userAddress),
      'userAddress must be an account of the network of tokenAddress',
    ),
    ['userAddress'],
  ),
)
export type GetSwapAllowanceQuery = v.InferInput<typeof getSwapAllowanceQuery>
/** Base units the provider's spender may take; the native currency answers max uint256. */
export const getSwapAllowanceResponse = v.object({ allowance: v.string() })
export type GetSwapAllowanceResponse = v.InferOutput<typeof getSwapAllowanceResponse>

// GET /v1/convert/gas-price
export const getSwapGasPriceQuery = v.object({
  ...sdkQueryEntries,
  /** CAIP-2 network, e.g. `eip155:1`. */
  chainId: caipNetworkIdSchema,
})
export type GetSwapGasPriceQuery = v.InferInput<typeof getSwapGasPriceQuery>
/** Wei per gas, from the node's fee data. */
export const getSwapGasPriceResponse = v.object({
  standard: v.string(),
  fast: v.string(),
  instant: v.string(),
})
export type GetSwapGasPriceResponse = v.InferOutput<typeof getSwapGasPriceResponse>

/** An unsigned EVM transaction; numbers are decimal strings. */
export const swapTransaction = v.object({
  /** The sender (0x). */
  from: v.string(),
  /** The contract called (0x). */
  to: v.string(),
  data: v.string(),
  /** Wei sent along. */
  value: v.string(),
  eip155: v.object({ gas: v.string(), gasPrice: v.string() }),
})
export type SwapTransaction = v.InferOutput<typeof swapTransaction>

// GET /v1/convert/build-approve
export const getSwapApproveTransactionQuery = v.pipe(
  v.object({
    ...sdkQueryEntries,
    userAddress: caip10Schema('userAddress'),
    /** The token to approve (CAIP-10). */
    from: caip10Schema('from'),
    to: caip10Schema('to'),
    /** Base units to approve; max uint256 when absent. */
    amount: v.optional(baseUnitsSchema('amount', { positive: true })),
  }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (input) => sameNetwork(input.from, input.to),
      pairMessages.toNetwork,
    ),
    ['to'],
  ),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (input) => input.from.toLowerCase() !== input.to.toLowerCase(),
      pairMessages.sameToken,
    ),
    ['to'],
  ),
  v.forward(
    v.partialCheck(
      [['from'], ['userAddress']],
      (input) => sameNetwork(input.from, input.userAddress),
      pairMessages.userNetwork,
    ),
    ['userAddress'],
  ),
)
export type GetSwapApproveTransactionQuery = v.InferInput<typeof getSwapApproveTransactionQuery>
/** `approve(spender, amount)` on the `from` token, `value` always '0'. */
export const getSwapApproveTransactionResponse = v.object({ tx: swapTransaction })
export type GetSwapApproveTransactionResponse = v.InferOutput<
  typeof getSwapApproveTransactionResponse
>

// POST /v1/convert/build-transaction
/** The project may come in the query or the body (SPEC §7), or both when they agree. */
export const buildSwapTransactionQuery = v.object({
  ...sdkQueryEntries,
  projectId: v.optional(projectIdSchema),
})
export type BuildSwapTransactionQuery = v.InferInput<typeof buildSwapTransactionQuery>
export const buildSwapTransactionBody = v.pipe(
  v.object({
    projectId: v.optional(projectIdSchema),
    amount: baseUnitsSchema('amount', { positive: true }),
    from: caip10Schema('from'),
    to: caip10Schema('to'),
    userAddress: caip10Schema('userAddress'),
    /** Skip the gas estimate on the node and use a fixed safe limit. */
    disableEstimate: v.optional(booleanParam('disableEstimate'), false),
    eip155: v.optional(
      v.object({
        /** Percent; `DEFAULT_SWAP_SLIPPAGE` when absent. */
        slippage: v.optional(slippageSchema, DEFAULT_SWAP_SLIPPAGE),
      }),
      { slippage: DEFAULT_SWAP_SLIPPAGE },
    ),
  }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (input) => sameNetwork(input.from, input.to),
      pairMessages.toNetwork,
    ),
    ['to'],
  ),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      (input) => input.from.toLowerCase() !== input.to.toLowerCase(),
      pairMessages.sameToken,
    ),
    ['to'],
  ),
  v.forward(
    v.partialCheck(
      [['from'], ['userAddress']],
      (input) => sameNetwork(input.from, input.userAddress),
      pairMessages.userNetwork,
    ),
    ['userAddress'],
  ),
)
export type BuildSwapTransactionBody = v.InferInput<typeof buildSwapTransactionBody>
export const buildSwapTransactionResponse = v.object({
  tx: swapTransaction,
  /** Base units of `to` at the pool state the transaction was built on. */
  toAmount: v.string(),
  /** `toAmount` × (1 − slippage): the router refuses to give less. */
  toAmountMin: v.string(),
})
export type BuildSwapTransactionResponse = v.InferOutput<typeof buildSwapTransactionResponse>
