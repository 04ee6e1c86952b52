import { getApiClient } from '../api/getApiClient.ts'
import { SWAP_SLIPPAGE_TOLERANCE } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError } from '../errors/connection.ts'
import { parseAmount } from '../send/parseAmount.ts'
import { InvalidSwapAmountError, SwapQuoteUnavailableError } from '../swap/errors.ts'
import type { SwapQuote, SwapToken } from '../swap/types.ts'
import { formatUnits } from '../utils/format.ts'
import { toSwapError } from './getSwapTokens.ts'

export type GetSwapQuoteParameters = {
  from: SwapToken
  to: SwapToken
  /** Decimal amount of `from`, as typed. */
  amount: string
  /** Percent; default SPEC §9's 1. */
  slippage?: number | undefined
  /** The swap tokens (from `getSwapTokens`): they name the route's intermediate hops. */
  tokens?: readonly SwapToken[] | undefined
}
export type GetSwapQuoteReturnType = SwapQuote
export type GetSwapQuoteErrorType =
  | NotConnectedError
  | InvalidSwapAmountError
  | SwapQuoteUnavailableError

/** Gas of an ERC-20 approval and of a V2 swap per hop: the fee shown before anything is built. */
const approveGas = 46_000n
const swapGasFirstHop = 110_000n
const swapGasPerExtraHop = 60_000n
const basisPoints = 10_000n

/**
 * The best quote for swapping `amount` of `from` into `to` on the active network: the amount out,
 * the minimum the transaction accepts at the slippage tolerance, rate, price impact, the route,
 * whether an approval must go first, and the network fee in the native currency and USD.
 */
export async function getSwapQuote(
  foyer: Foyer,
  parameters: GetSwapQuoteParameters,
): Promise<GetSwapQuoteReturnType> {
  const { from, to } = parameters
  const slippage = parameters.slippage ?? SWAP_SLIPPAGE_TOLERANCE
  const state = foyer.getState()
  const address = state.account.address
  if (!address) throw new NotConnectedError()
  const fromAmount = parseAmount(parameters.amount, from.decimals)
  const balance = parseAmount(from.quantity, from.decimals) ?? 0n
  if (fromAmount === undefined || fromAmount <= 0n || fromAmount > balance)
    throw new InvalidSwapAmountError()
  const api = getApiClient(foyer)
  const network = state.activeNetwork
  const userAddress = `${network.caipNetworkId}:${address}`
  const isNative = from.address
    .toLowerCase()
    .endsWith(':0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
  const [{ quotes }, allowance, gasPrice] = await Promise.all([
    api.request('getSwapQuote', {
      query: { amount: fromAmount.toString(), userAddress, from: from.address, to: to.address },
    }),
    isNative
      ? Promise.resolve(undefined)
      : api.request('getSwapAllowance', { query: { tokenAddress: from.address, userAddress } }),
    api
      .request('getSwapGasPrice', { query: { chainId: network.caipNetworkId } })
      .catch(() => undefined),
  ]).catch((error: unknown) => {
    throw toSwapError(error)
  })
  const best = quotes[0]
  if (!best || BigInt(best.toAmount) <= 0n) throw new SwapQuoteUnavailableError()
  const toAmount = BigInt(best.toAmount)
  const slippageBasisPoints = BigInt(Math.round(slippage * 100))
  const toAmountMin = (toAmount * (basisPoints - slippageBasisPoints)) / basisPoints
  const needsApproval = allowance !== undefined && BigInt(allowance.allowance) < fromAmount
  const hops = BigInt(Math.max(1, best.path.length - 1))
  const gas = swapGasFirstHop + swapGasPerExtraHop * (hops - 1n) + (needsApproval ? approveGas : 0n)
  const nativeFee = gasPrice ? gas * BigInt(gasPrice.standard) : undefined
  const nativeDecimals = network.nativeCurrency.decimals
  const nativePrice = state.account.tokenBalance.find((token) => token.address === undefined)?.price
  const fromDecimal = Number(formatUnits(fromAmount, from.decimals))
  const toDecimal = Number(formatUnits(toAmount, to.decimals))
  const symbolOf = (tokenAddress: string) => {
    const lower = tokenAddress.toLowerCase()
    const known = parameters.tokens?.find((token) => token.address.toLowerCase().endsWith(lower))
    return known?.symbol ?? `${tokenAddress.slice(0, 6)}…${tokenAddress.slice(-4)}`
  }
  return {
    from,
    to,
    fromAmount,
    toAmount,
    toAmountMin,
    formatted: {
      toAmount: formatUnits(toAmount, to.decimals),
      toAmountMin: formatUnits(toAmountMin, to.decimals),
      rate: fromDecimal > 0 ? String(Number((toDecimal / fromDecimal).toPrecision(6))) : '0',
    },
    priceImpact: Number(best.priceImpact),
    slippage,
    route: [from.symbol, ...best.path.slice(1, -1).map(symbolOf), to.symbol],
    networkFee:
      nativeFee === undefined
        ? undefined
        : {
            native: formatUnits(nativeFee, nativeDecimals),
            symbol: network.nativeCurrency.symbol,
            usd: nativePrice
              ? Number(formatUnits(nativeFee, nativeDecimals)) * nativePrice
              : undefined,
          },
    needsApproval,
  }
}
