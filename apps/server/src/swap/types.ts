import type { Address, Hex } from 'viem'

/**
 * Token addresses in this interface are 0x addresses of the network; the native currency is
 * `NATIVE_TOKEN_ADDRESS` of `@foyer/protocol`.
 */

/** A token a provider offers on a network. */
export type SwapProviderToken = { address: Address; name: string; symbol: string; decimals: number }

/** One way to swap `amount` of `from` into `to`. */
export type SwapProviderQuote = {
  fromAmount: bigint
  toAmount: bigint
  /** Token addresses hop by hop, the wrapped native token standing for the native one. */
  path: Address[]
  /** Percent, the provider fee excluded ('0.12'). */
  priceImpact: string
  /** The provider's fee in base units of `from`. */
  fee: bigint
}

/** A contract call to sign; gas and gas price are added by the routes from the node. */
export type SwapCall = {
  to: Address
  data: Hex
  value: bigint
  /** A limit that is safe for this call without an estimate (`disableEstimate`). */
  fallbackGas: bigint
}

export type SwapQuoteParameters = {
  chainId: number
  from: Address
  to: Address
  /** Base units of `from`. */
  amount: bigint
  /** Wei per gas the client expects to pay, for providers that weigh gas against output. */
  gasPrice?: bigint | undefined
  /** The account that would swap (an aggregator checks its balance and allowance). */
  user?: Address | undefined
}

export type SwapBuildParameters = SwapQuoteParameters & {
  /** The account that signs, pays and receives. */
  user: Address
  /** Slippage tolerance in parts per million of `toAmount` (1 % = 10 000). */
  slippagePpm: bigint
}

export type SwapBuildResult = {
  call: SwapCall
  toAmount: bigint
  /** `toAmount` × (1 − slippage): the transaction reverts on chain below it. */
  toAmountMin: bigint
}

/**
 * Where swaps of a network go: the convert routes of SPEC §7 talk only to this. A network no
 * provider `supports` answers 'Network not supported for Swaps'.
 */
export type SwapProvider = {
  /** For logs and docs, e.g. `uniswap-v2`. */
  readonly name: string
  supports: (chainId: number) => boolean
  /** Tokens offered on the network, the native currency first. */
  tokens: (chainId: number) => Promise<SwapProviderToken[]>
  /** Every route with liquidity, best (largest `toAmount`) first; empty when there is none. */
  quote: (parameters: SwapQuoteParameters) => Promise<SwapProviderQuote[]>
  /** The address an ERC-20 must approve before a swap (the router, an aggregator's holder). */
  spender: (chainId: number) => Address
  /** What `spender` may take of `owner`'s `token`; max uint256 for the native currency. */
  allowance: (parameters: { chainId: number; token: Address; owner: Address }) => Promise<bigint>
  /** `approve(spender, amount)` on `token`; `amount` absent = max uint256. */
  buildApprove: (parameters: {
    chainId: number
    token: Address
    owner: Address
    amount?: bigint | undefined
  }) => Promise<SwapCall>
  /** The swap along the best route; throws `NoSwapRouteError` when there is none. */
  buildSwap: (parameters: SwapBuildParameters) => Promise<SwapBuildResult>
}
