import * as v from 'valibot'
import { caipNetworkIdSchema, projectIdSchema, sdkQueryEntries, textSchema } from './common.ts'

/**
 * The on-ramp API of SPEC §7 (`/v1/onramp/*`, `/v1/generators/onrampurl`): buy crypto with a card
 * or a bank account through the provider the operator configured. Fiat amounts are decimal strings
 * with at most 2 decimals ('50', '50.00'); crypto amounts are decimal strings in whole units of the
 * currency ('48.925', not base units), as providers quote them.
 */

/** Payment methods the dialog offers, in its order. */
export const onRampPaymentMethods = ['card', 'ach_bank_account'] as const
export type OnRampPaymentMethod = (typeof onRampPaymentMethods)[number]

/** Fiat currencies the dialog offers, in its order. */
export const onRampFiatCurrencies = ['USD', 'EUR'] as const
export type OnRampFiatCurrency = (typeof onRampFiatCurrencies)[number]

/** SPEC §9: the limits used when the provider's options cannot be loaded (USD and EUR alike). */
export const ONRAMP_FALLBACK_LIMITS: Readonly<
  Record<OnRampPaymentMethod, { min: string; max: string }>
> = {
  card: { min: '10.00', max: '7500.00' },
  ach_bank_account: { min: '10.00', max: '25000.00' },
}

/** SPEC §9: the provider fee range, in percent of the payment. */
export const ONRAMP_FEE_PERCENT_RANGE = { min: 1, max: 2 } as const

/** The fee a computed (fallback) quote assumes: the top of SPEC's range, so it never promises more. */
export const ONRAMP_FALLBACK_FEE_PERCENT = ONRAMP_FEE_PERCENT_RANGE.max

/** Names of the fiat currencies, for the dialog and the fallback list. */
export const onRampFiatCurrencyInfo: Readonly<
  Record<OnRampFiatCurrency, { name: string; symbol: string }>
> = {
  USD: { name: 'US Dollar', symbol: '$' },
  EUR: { name: 'Euro', symbol: '€' },
}

export const onRampStatuses = ['pending', 'success', 'failed'] as const
export type OnRampStatus = (typeof onRampStatuses)[number]

const fiatAmountPattern = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/

/** A fiat amount: up to 9 whole digits and 2 decimals, more than 0. */
export const fiatAmountSchema = v.pipe(
  v.string('amount must be a string such as 50.00'),
  v.regex(fiatAmountPattern, 'amount must be a number with at most 2 decimals, such as 50.00'),
  v.check((value) => Number(value) > 0, 'amount must be greater than 0'),
)

/** A crypto amount in whole units: up to 18 decimals. */
export const cryptoAmountSchema = v.pipe(
  v.string('amount must be a string such as 0.015'),
  v.regex(
    /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/,
    'amount must be a number with at most 18 decimals',
  ),
  v.check((value) => Number(value) > 0, 'amount must be greater than 0'),
)

const paymentMethodSchema = v.picklist(
  onRampPaymentMethods,
  `paymentMethod must be one of ${onRampPaymentMethods.join(', ')}`,
)
const fiatCurrencySchema = v.picklist(
  onRampFiatCurrencies,
  `paymentCurrency must be one of ${onRampFiatCurrencies.join(', ')}`,
)
/** A purchase currency id as the options list it (provider ids: uuids, symbols). */
const purchaseCurrencyIdSchema = v.pipe(
  v.string('purchaseCurrency must be a string'),
  v.minLength(1, 'purchaseCurrency is required'),
  v.maxLength(64, 'purchaseCurrency is too long'),
  v.regex(/^[A-Za-z0-9._-]+$/, 'purchaseCurrency may contain only letters, digits, ".", "_", "-"'),
)

// GET /v1/onramp/options
export const getOnRampOptionsQuery = v.object({
  ...sdkQueryEntries,
  /** Only currencies buyable on this CAIP-2 network. */
  network: v.optional(caipNetworkIdSchema),
})
export type GetOnRampOptionsQuery = v.InferInput<typeof getOnRampOptionsQuery>

/** SPEC §3: a payment-method limit. */
export const onRampPaymentMethodLimit = v.object({
  id: v.picklist(onRampPaymentMethods),
  /** Fiat, 2 decimals. */
  min: v.string(),
  max: v.string(),
})
export type OnRampPaymentMethodLimit = v.InferOutput<typeof onRampPaymentMethodLimit>

/** SPEC §3: a fiat currency the visitor can pay in, with the limit of each payment method. */
export const onRampPaymentCurrency = v.object({
  id: v.picklist(onRampFiatCurrencies),
  name: v.string(),
  symbol: v.string(),
  limits: v.array(onRampPaymentMethodLimit),
})
export type OnRampPaymentCurrency = v.InferOutput<typeof onRampPaymentCurrency>

/** Where a purchase currency can be delivered. */
export const onRampNetwork = v.object({
  /** CAIP-2. */
  caipNetworkId: v.string(),
  /** Display name ('Ethereum', 'Foyer Devnet A'). */
  name: v.string(),
  /** The token's contract or mint on that network; absent for the native currency. */
  tokenAddress: v.optional(v.string()),
})
export type OnRampNetwork = v.InferOutput<typeof onRampNetwork>

/** SPEC §3: a crypto currency the visitor can buy (id, name, symbol, networks). */
export const onRampPurchaseCurrency = v.object({
  /** The provider's id, passed back to the quote and the checkout URL. */
  id: v.string(),
  name: v.string(),
  symbol: v.string(),
  networks: v.array(onRampNetwork),
})
export type OnRampPurchaseCurrency = v.InferOutput<typeof onRampPurchaseCurrency>

export const getOnRampOptionsResponse = v.object({
  paymentCurrencies: v.array(onRampPaymentCurrency),
  purchaseCurrencies: v.array(onRampPurchaseCurrency),
  /** 'provider' when the configured provider answered; 'fallback' for the built-in list (SPEC §8). */
  source: v.picklist(['provider', 'fallback']),
  /** The provider's display name ('Coinbase', 'Foyer Sandbox'); absent on the fallback list. */
  providerName: v.optional(v.string()),
})
export type GetOnRampOptionsResponse = v.InferOutput<typeof getOnRampOptionsResponse>

// POST /v1/onramp/quote
export const getOnRampQuoteQuery = v.object({
  ...sdkQueryEntries,
  projectId: v.optional(projectIdSchema),
})
export type GetOnRampQuoteQuery = v.InferInput<typeof getOnRampQuoteQuery>
export const getOnRampQuoteBody = v.object({
  projectId: v.optional(projectIdSchema),
  /** An `id` from the options' purchase currencies. */
  purchaseCurrency: purchaseCurrencyIdSchema,
  paymentCurrency: fiatCurrencySchema,
  /** Fiat to pay, fees included. */
  amount: fiatAmountSchema,
  /** CAIP-2 network the crypto is delivered on. */
  network: caipNetworkIdSchema,
  paymentMethod: v.optional(paymentMethodSchema, 'card'),
})
export type GetOnRampQuoteBody = v.InferInput<typeof getOnRampQuoteBody>

/** A decimal amount and its currency code. */
export const onRampAmount = v.object({ amount: v.string(), currency: v.string() })
export type OnRampAmount = v.InferOutput<typeof onRampAmount>

export const getOnRampQuoteResponse = v.object({
  /** What the visitor pays, fees included (the amount asked for). */
  paymentTotal: onRampAmount,
  /** The part that buys crypto. */
  paymentSubtotal: onRampAmount,
  /** The crypto delivered. */
  purchaseAmount: onRampAmount,
  providerFee: onRampAmount,
  networkFee: onRampAmount,
  /** Passed to the checkout URL; absent on a computed quote. */
  quoteId: v.optional(v.string()),
  /** True when the provider could not quote and the server computed an estimate (SPEC §8). */
  estimated: v.boolean(),
})
export type GetOnRampQuoteResponse = v.InferOutput<typeof getOnRampQuoteResponse>

// POST /v1/generators/onrampurl
export const createOnRampUrlQuery = getOnRampQuoteQuery
export type CreateOnRampUrlQuery = v.InferInput<typeof createOnRampUrlQuery>
export const onRampDestinationWallet = v.object({
  /** The address that receives the crypto (0x or base58). */
  address: v.pipe(
    v.string('address must be a string'),
    v.regex(
      /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/,
      'address must be an EVM address (0x followed by 40 hex characters) or a Solana address (32 to 44 base58 characters)',
    ),
  ),
  /** CAIP-2 networks it may be delivered on. */
  blockchains: v.pipe(v.array(caipNetworkIdSchema), v.minLength(1), v.maxLength(8)),
  /** Purchase currency ids; every one the networks offer when absent. */
  assets: v.optional(v.pipe(v.array(purchaseCurrencyIdSchema), v.maxLength(16))),
})
export type OnRampDestinationWallet = v.InferOutput<typeof onRampDestinationWallet>
export const createOnRampUrlBody = v.object({
  projectId: v.optional(projectIdSchema),
  destinationWallets: v.pipe(
    v.array(onRampDestinationWallet),
    v.minLength(1, 'destinationWallets needs one wallet'),
    v.maxLength(4, 'destinationWallets may hold at most 4 wallets'),
  ),
  /** CAIP-2 network selected first in the checkout. */
  defaultNetwork: v.optional(caipNetworkIdSchema),
  /** The app's id for the visitor; the server scopes it to the project before the provider sees it. */
  partnerUserId: textSchema('partnerUserId', { minLength: 1, maxLength: 128 }),
  defaultExperience: v.optional(v.literal('buy', 'defaultExperience must be buy'), 'buy'),
  presetCryptoAmount: v.optional(cryptoAmountSchema),
  presetFiatAmount: v.optional(fiatAmountSchema),
  fiatCurrency: v.optional(fiatCurrencySchema),
  paymentMethod: v.optional(paymentMethodSchema),
  /** Purchase currency id selected first. */
  defaultAsset: v.optional(purchaseCurrencyIdSchema),
  quoteId: v.optional(textSchema('quoteId', { minLength: 1, maxLength: 128 })),
})
export type CreateOnRampUrlBody = v.InferInput<typeof createOnRampUrlBody>
export const createOnRampUrlResponse = v.object({ url: v.string() })
export type CreateOnRampUrlResponse = v.InferOutput<typeof createOnRampUrlResponse>

// GET /v1/onramp/transactions
export const getOnRampTransactionsQuery = v.object({
  ...sdkQueryEntries,
  /** The same id the checkout URL was generated with. */
  partnerUserId: textSchema('partnerUserId', { minLength: 1, maxLength: 128 }),
})
export type GetOnRampTransactionsQuery = v.InferInput<typeof getOnRampTransactionsQuery>
export const onRampTransaction = v.object({
  id: v.string(),
  status: v.picklist(onRampStatuses),
  purchaseAmount: onRampAmount,
  paymentTotal: onRampAmount,
  paymentMethod: v.optional(v.picklist(onRampPaymentMethods)),
  /** CAIP-2, when the provider's network is one this server knows. */
  network: v.optional(v.string()),
  /** Receiving address. */
  address: v.string(),
  /** The delivery's transaction hash (0x…) or signature (base58), once sent. */
  transactionHash: v.optional(v.string()),
  /** ISO 8601. */
  createdAt: v.string(),
  completedAt: v.optional(v.string()),
})
export type OnRampTransaction = v.InferOutput<typeof onRampTransaction>
/** Newest first. */
export const getOnRampTransactionsResponse = v.object({
  transactions: v.array(onRampTransaction),
})
export type GetOnRampTransactionsResponse = v.InferOutput<typeof getOnRampTransactionsResponse>

/** The limit of a method in a currency, from the options or SPEC §9's fallback. */
export function onRampLimit(
  currencies: readonly OnRampPaymentCurrency[],
  currency: OnRampFiatCurrency,
  method: OnRampPaymentMethod,
): { min: string; max: string } {
  const found = currencies.find((c) => c.id === currency)?.limits.find((l) => l.id === method)
  return found ? { min: found.min, max: found.max } : ONRAMP_FALLBACK_LIMITS[method]
}

/** The words a limit message uses for each payment method ('Minimum for bank account is …'). */
export const onRampPaymentMethodNames: Readonly<Record<OnRampPaymentMethod, string>> = {
  card: 'card',
  ach_bank_account: 'bank account',
}

/** Whole cents of a fiat amount ('10', '10.5', '7500.00'); amounts have at most 2 decimals. */
const toCents = (amount: string) => Math.round(Number(amount) * 100)

/**
 * Which bound of `limit` a fiat amount breaks: 'min' below the minimum, 'max' above the maximum,
 * undefined within (both bounds included). Compared in whole cents, so '10' meets '10.00'.
 */
export function onRampLimitBreached(
  amount: string,
  limit: { min: string; max: string },
): 'min' | 'max' | undefined {
  const cents = toCents(amount)
  if (cents < toCents(limit.min)) return 'min'
  if (cents > toCents(limit.max)) return 'max'
  return undefined
}

/**
 * The text shown for an amount outside a method's limit, the same on the server (400 of
 * `/v1/onramp/quote`) and in the dialog: 'Minimum for card is 10.00 USD', 'Maximum for bank
 * account is 25000.00 USD'. `limit` is the bound's amount or the whole limit (its `bound` is used).
 */
export function onRampLimitMessage(
  method: OnRampPaymentMethod,
  bound: 'min' | 'max',
  limit: string | { min: string; max: string },
  currency: string,
): string {
  const amount = typeof limit === 'string' ? limit : limit[bound]
  const word = bound === 'min' ? 'Minimum' : 'Maximum'
  return `${word} for ${onRampPaymentMethodNames[method]} is ${(toCents(amount) / 100).toFixed(2)} ${currency}`
}

/** The payment currencies of the built-in list: USD and EUR with SPEC §9's limits. */
export function fallbackOnRampPaymentCurrencies(): OnRampPaymentCurrency[] {
  return onRampFiatCurrencies.map((id) => ({
    id,
    ...onRampFiatCurrencyInfo[id],
    limits: onRampPaymentMethods.map((method) => ({
      id: method,
      ...ONRAMP_FALLBACK_LIMITS[method],
    })),
  }))
}

export type EstimateOnRampQuoteParameters = {
  amount: string
  currency: OnRampFiatCurrency
  /** The symbol of the crypto bought. */
  purchaseSymbol: string
  /** USD (or the fiat currency's) price of one whole unit of the crypto. */
  unitPrice: number
  /** Decimals shown for the crypto amount (at most the token's own). */
  decimals: number
}

/**
 * SPEC §8's computed quote, used when the provider cannot quote: the fee at the top of SPEC §9's
 * range, no network fee, the rest converted at `unitPrice` and rounded down so it never promises
 * more than it could deliver.
 */
export function estimateOnRampQuote(
  parameters: EstimateOnRampQuoteParameters,
): GetOnRampQuoteResponse {
  const { amount, currency, purchaseSymbol, unitPrice, decimals } = parameters
  const cents = Math.round(Number(amount) * 100)
  const feeCents = Math.ceil((cents * ONRAMP_FALLBACK_FEE_PERCENT) / 100)
  const subtotalCents = cents - feeCents
  const shown = Math.min(decimals, 8)
  const units = unitPrice > 0 ? subtotalCents / 100 / unitPrice : 0
  const factor = 10 ** shown
  const purchase = (Math.floor(units * factor) / factor).toFixed(shown)
  const fiat = (value: number) => (value / 100).toFixed(2)
  return {
    paymentTotal: { amount: fiat(cents), currency },
    paymentSubtotal: { amount: fiat(subtotalCents), currency },
    purchaseAmount: { amount: purchase, currency: purchaseSymbol },
    providerFee: { amount: fiat(feeCents), currency },
    networkFee: { amount: '0.00', currency },
    estimated: true,
  }
}
