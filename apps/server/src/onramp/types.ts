import type {
  GetOnRampQuoteResponse,
  OnRampDestinationWallet,
  OnRampFiatCurrency,
  OnRampPaymentCurrency,
  OnRampPaymentMethod,
  OnRampPurchaseCurrency,
  OnRampTransaction,
} from '@foyer/protocol'

/**
 * Networks in this interface are CAIP-2 ids (`eip155:8453`, `solana:5eykt…`); a provider maps them
 * to its own names. Fiat amounts are decimal strings with at most 2 decimals, crypto amounts
 * decimal strings in whole units, as in `@foyer/protocol`'s on-ramp schemas.
 */

/** What a provider sells, in the protocol's shapes. */
export type OnRampProviderOptions = {
  paymentCurrencies: OnRampPaymentCurrency[]
  purchaseCurrencies: OnRampPurchaseCurrency[]
}

export type OnRampQuoteParameters = {
  /** An `id` of the provider's purchase currencies. */
  purchaseCurrency: string
  paymentCurrency: OnRampFiatCurrency
  /** Fiat to pay, fees included. */
  amount: string
  /** CAIP-2 network the crypto is delivered on. */
  network: string
  paymentMethod: OnRampPaymentMethod
}

/** A provider's quote; the routes add `estimated: false`. */
export type OnRampProviderQuote = Omit<GetOnRampQuoteResponse, 'estimated'>

export type OnRampUrlParameters = {
  /** Addresses and the CAIP-2 networks (and assets) each may receive on. */
  destinationWallets: readonly OnRampDestinationWallet[]
  /** CAIP-2 network selected first. */
  defaultNetwork?: string | undefined
  /**
   * The visitor as the provider may see them: the app's `partnerUserId` scoped to the project and
   * hashed by the routes (`providerUserRef`), never the raw id.
   */
  providerUserRef: string
  presetCryptoAmount?: string | undefined
  presetFiatAmount?: string | undefined
  fiatCurrency?: OnRampFiatCurrency | undefined
  paymentMethod?: OnRampPaymentMethod | undefined
  /** Purchase currency id selected first. */
  defaultAsset?: string | undefined
  quoteId?: string | undefined
}

/**
 * Where purchases of crypto with fiat go: the on-ramp routes of SPEC §7 talk only to this.
 * Methods reject with the errors of `./errors.ts` (`OnRampApiError` when the provider failed or
 * did not answer, `OnRampProviderRefusedError` when it refused the request,
 * `OnRampNetworkNotSupportedError` for a network it has no name for).
 */
export type OnRampProvider = {
  /** Display name for the dialog ('Coinbase'). */
  readonly name: string
  /** Currencies and limits; with `network`, only purchase currencies deliverable there. */
  options: (parameters: { network?: string | undefined }) => Promise<OnRampProviderOptions>
  quote: (parameters: OnRampQuoteParameters) => Promise<OnRampProviderQuote>
  /** The checkout URL the visitor opens. */
  createUrl: (parameters: OnRampUrlParameters) => Promise<string>
  /** The visitor's purchases (the same `providerUserRef` as the checkout), newest first. */
  transactions: (parameters: { providerUserRef: string }) => Promise<OnRampTransaction[]>
}
