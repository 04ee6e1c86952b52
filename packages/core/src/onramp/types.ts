import type {
  GetOnRampOptionsResponse,
  GetOnRampQuoteResponse,
  OnRampFiatCurrency,
  OnRampPaymentCurrency,
  OnRampPaymentMethod,
  OnRampTransaction,
} from '@foyer/protocol'
import type { CaipNetworkId } from '../types/network.ts'

export type { OnRampFiatCurrency, OnRampPaymentCurrency, OnRampPaymentMethod, OnRampTransaction }

/** A crypto currency the visitor can buy on the active network. */
export type OnRampAsset = {
  /** The provider's id, passed back to the quote and the checkout. */
  id: string
  name: string
  symbol: string
  /** The token's contract or mint; absent for the native currency. */
  tokenAddress?: string | undefined
}

/** The options for the active network: fiat currencies with their limits and the assets. */
export type OnRampOptions = {
  paymentCurrencies: readonly OnRampPaymentCurrency[]
  assets: readonly OnRampAsset[]
  source: GetOnRampOptionsResponse['source']
  providerName?: string | undefined
  caipNetworkId: CaipNetworkId
}

export type OnRampQuote = GetOnRampQuoteResponse

/** A checkout this app opened, so Activity knows to ask for its purchases. */
export type OnRampCheckout = {
  address: string
  caipNetworkId: CaipNetworkId
  /** Milliseconds since the epoch. */
  startedAt: number
}
