import {
  estimateOnRampQuote,
  type OnRampFiatCurrency,
  type OnRampPaymentMethod,
  onRampLimit,
  onRampLimitBreached,
  onRampLimitMessage,
} from '@foyer/protocol'
import { ApiRequestError } from '../api/errors.ts'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import {
  InvalidOnRampAmountError,
  OnRampAmountOutOfRangeError,
  OnRampQuoteUnavailableError,
} from '../onramp/errors.ts'
import type { OnRampAsset, OnRampOptions, OnRampQuote } from '../onramp/types.ts'

export type GetOnRampQuoteParameters = {
  /** From `getOnRampOptions`: the limits and the network. */
  options: OnRampOptions
  asset: OnRampAsset
  paymentCurrency: OnRampFiatCurrency
  paymentMethod: OnRampPaymentMethod
  /** Fiat to pay, fees included, as typed ('50', '50.00'). */
  amount: string
  signal?: AbortSignal | undefined
}
export type GetOnRampQuoteReturnType = OnRampQuote
export type GetOnRampQuoteErrorType =
  | InvalidOnRampAmountError
  | OnRampAmountOutOfRangeError
  | OnRampQuoteUnavailableError

const fiatAmount = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/

/**
 * The checked fiat amount: a number with at most 2 decimals, within the payment method's limit
 * for the currency (the options' limits, SPEC §9's when the provider gave none).
 */
export function checkOnRampAmount(
  parameters: Pick<GetOnRampQuoteParameters, 'options' | 'paymentCurrency' | 'paymentMethod'> & {
    amount: string
  },
): string {
  const amount = parameters.amount.trim()
  if (!fiatAmount.test(amount) || Number(amount) <= 0) throw new InvalidOnRampAmountError()
  const limit = onRampLimit(
    parameters.options.paymentCurrencies,
    parameters.paymentCurrency,
    parameters.paymentMethod,
  )
  const bound = onRampLimitBreached(amount, limit)
  if (bound)
    throw new OnRampAmountOutOfRangeError(
      onRampLimitMessage(parameters.paymentMethod, bound, limit[bound], parameters.paymentCurrency),
      { bound, limit: limit[bound] },
    )
  return amount
}

/**
 * What `amount` of fiat buys of `asset` on the options' network: the crypto delivered, the
 * provider's and the network's fees. The amount is checked against the limits first (no request
 * for an amount the provider would refuse). When the server cannot be reached, a computed quote
 * (SPEC §8) from the price the balances carry, marked `estimated`.
 */
export async function getOnRampQuote(
  foyer: Foyer,
  parameters: GetOnRampQuoteParameters,
): Promise<GetOnRampQuoteReturnType> {
  const { options, asset, paymentCurrency, paymentMethod, signal } = parameters
  const amount = checkOnRampAmount(parameters)
  try {
    return await getApiClient(foyer).request('getOnRampQuote', {
      body: {
        purchaseCurrency: asset.id,
        paymentCurrency,
        amount,
        network: options.caipNetworkId,
        paymentMethod,
      },
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    if (error instanceof ApiRequestError && error.status === 400 && error.serverMessage) {
      // The provider's limits may be newer than the options this view holds: its text stands.
      const limit = /^(Minimum|Maximum) for .+ is ([0-9.]+) /.exec(error.serverMessage)
      if (limit)
        throw new OnRampAmountOutOfRangeError(error.serverMessage, {
          bound: limit[1] === 'Minimum' ? 'min' : 'max',
          limit: limit[2] ?? '',
          cause: error,
        })
      throw new OnRampQuoteUnavailableError({ cause: error, details: error.serverMessage })
    }
    // Only the server was out of reach: estimate in USD from the price we already hold.
    const unreachable = !(error instanceof ApiRequestError) || error.status === 0
    const price = foyer
      .getState()
      .account.tokenBalance.find((token) =>
        asset.tokenAddress
          ? token.address?.toLowerCase() === asset.tokenAddress.toLowerCase()
          : token.address === undefined,
      )?.price
    if (!unreachable || paymentCurrency !== 'USD' || !price)
      throw new OnRampQuoteUnavailableError({ cause: error })
    return estimateOnRampQuote({
      amount,
      currency: paymentCurrency,
      purchaseSymbol: asset.symbol,
      unitPrice: price,
      decimals: 6,
    })
  }
}
