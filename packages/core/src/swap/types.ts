/** SPEC §3 swap token: a token the swap offers, with the visitor's balance and its value. */
export type SwapToken = {
  name: string
  symbol: string
  /** CAIP-10 (`eip155:<chainId>:0x…`); the native currency is `…:0xEeee…EEeE`. */
  address: string
  decimals: number
  logoUri: string
  /** The visitor's balance, decimal (e.g. '12.5'); '0' when none. */
  quantity: string
  /** USD per token; 0 when unknown. */
  price: number
  /** USD value of `quantity`. */
  value: number
}

/** A quote as the Swap view shows it. */
export type SwapQuote = {
  from: SwapToken
  to: SwapToken
  /** Base units of `from`. */
  fromAmount: bigint
  /** Base units of `to` the quote expects. */
  toAmount: bigint
  /** `toAmount` less the slippage tolerance: the transaction reverts below it. */
  toAmountMin: bigint
  /** Decimal strings of the same amounts. */
  formatted: { toAmount: string; toAmountMin: string; rate: string }
  /** Percent, e.g. 0.12. */
  priceImpact: number
  /** Percent the price may move before the swap reverts (SPEC §9: 1). */
  slippage: number
  /** Token symbols along the route, e.g. ['USDC', 'WETH', 'DAI']. */
  route: readonly string[]
  /** The network fee of the swap (and approval when needed), in the native currency and USD. */
  networkFee: { native: string; symbol: string; usd: number | undefined } | undefined
  /** The allowance falls short: an approval transaction goes first. */
  needsApproval: boolean
}
