import type { SandboxPaymentCurrency, SandboxPaymentMethod } from './types.ts'

/** Limits of each payment method, in whole units of the payment currency (the same for USD and EUR). */
export const paymentMethodLimits: Readonly<
  Record<SandboxPaymentMethod, { min: string; max: string }>
> = {
  CARD: { min: '10', max: '7500' },
  ACH_BANK_ACCOUNT: { min: '10', max: '25000' },
}

/**
 * The fee of each method in basis points: SPEC §9 has providers charge 1–2 %; card payments cost a
 * provider more than bank transfers, so card sits higher in that range.
 */
export const paymentMethodFeeBasisPoints: Readonly<Record<SandboxPaymentMethod, number>> = {
  CARD: 150,
  ACH_BANK_ACCOUNT: 100,
}

export const paymentMethodLabels: Readonly<Record<SandboxPaymentMethod, string>> = {
  CARD: 'card',
  ACH_BANK_ACCOUNT: 'bank account',
}

export const currencySigns: Readonly<Record<SandboxPaymentCurrency, string>> = {
  USD: '$',
  EUR: '€',
}

/** A price or rate as an integer of `priceScale` parts, so the purchase maths is exact. */
function scale(value: number): bigint {
  return Number.isFinite(value) ? BigInt(Math.round(value * Number(priceScale))) : 0n
}

/** Most decimals a purchase amount has (Coinbase quotes at most 8, fewer for coarser tokens). */
const maxPurchaseDecimals = 8
/** Prices are taken to this many decimals (1e-9 of a dollar or euro). */
const priceScale = 1_000_000_000n

/** Cents of a fiat amount such as '50', '50.5' or '50.00'; undefined when it is no such amount. */
export function parseFiatAmount(text: string): bigint | undefined {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return undefined
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
}

/** '50.00' for 5000n. */
export function formatCents(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
}

/** `units` at `decimals` places as a plain decimal string without trailing zeros ('49.15'). */
export function formatUnits(units: bigint, decimals: number): string {
  const text = units.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * Why an amount cannot be paid with a method, or undefined when it can. The quote API and the
 * checkout page show the same text.
 */
export function limitProblem(
  cents: bigint,
  method: SandboxPaymentMethod,
  currency: SandboxPaymentCurrency,
): string | undefined {
  const { min, max } = paymentMethodLimits[method]
  const label = paymentMethodLabels[method]
  if (cents < BigInt(min) * 100n) {
    return `The minimum amount for ${label} payments is ${min}.00 ${currency}.`
  }
  if (cents > BigInt(max) * 100n) {
    return `The maximum amount for ${label} payments is ${max}.00 ${currency}.`
  }
  return undefined
}

export type ComputeQuoteParameters = {
  /** What the buyer pays, fees included. */
  totalCents: bigint
  method: SandboxPaymentMethod
  /** USD price of one whole unit of the bought currency. */
  unitPriceUsd: number
  /** USD per unit of the payment currency: 1 for USD, `eurUsd` for EUR. */
  fiatUsd: number
  /** What the delivery costs, in cents of the payment currency (see `networkFeeCents`). */
  networkFeeCents: bigint
  /** Of the bought currency. */
  decimals: number
}

export type ComputedQuote = {
  totalCents: bigint
  feeCents: bigint
  networkFeeCents: bigint
  subtotalCents: bigint
  /** The purchase amount in units of `purchaseDecimals` places. */
  purchaseUnits: bigint
  purchaseDecimals: number
}

/**
 * A quote's numbers: the fee (1.5 % by card, 1 % by bank account) rounded up to the cent, the
 * network fee, the subtotal that is left to buy with, and the purchase amount (subtotal / price)
 * rounded down to min(decimals, 8) places, so the buyer never gets promised more than the
 * subtotal buys. The subtotal may come out at 0 or below: the caller refuses such amounts.
 */
export function computeQuote(parameters: ComputeQuoteParameters): ComputedQuote {
  const { totalCents, method, unitPriceUsd, fiatUsd, networkFeeCents, decimals } = parameters
  const scaledPrice = scale(unitPriceUsd)
  const scaledFiat = scale(fiatUsd)
  if (!(scaledPrice > 0n)) throw new RangeError(`the price must be positive, got ${unitPriceUsd}`)
  if (!(scaledFiat > 0n)) throw new RangeError(`the exchange rate must be positive, got ${fiatUsd}`)
  const basisPoints = BigInt(paymentMethodFeeBasisPoints[method])
  const feeCents = ceilDiv(totalCents * basisPoints, 10_000n)
  const subtotalCents = totalCents - feeCents - networkFeeCents
  const purchaseDecimals = Math.min(decimals, maxPurchaseDecimals)
  const purchaseUnits =
    subtotalCents > 0n
      ? (subtotalCents * 10n ** BigInt(purchaseDecimals) * scaledFiat) / (100n * scaledPrice)
      : 0n
  return { totalCents, feeCents, networkFeeCents, subtotalCents, purchaseUnits, purchaseDecimals }
}

/**
 * The network fee in cents: the delivery's cost in native units (wei, lamports) times the native
 * currency's price, rounded up to the cent and at least 0.01.
 */
export function networkFeeCents(
  costInNativeUnits: bigint,
  nativeDecimals: number,
  nativePrice: number,
): bigint {
  const cents = Math.ceil((Number(costInNativeUnits) / 10 ** nativeDecimals) * nativePrice * 100)
  return BigInt(Math.max(1, Number.isFinite(cents) ? cents : 1))
}

/**
 * The total to pay for about `cryptoAmount` whole units (the checkout's `presetCryptoAmount`):
 * the amount's price plus the network fee, grossed up by the method's fee, rounded up to the cent.
 */
export function totalCentsForCrypto(parameters: {
  cryptoAmount: number
  unitPriceUsd: number
  fiatUsd: number
  networkFeeCents: bigint
  method: SandboxPaymentMethod
}): bigint {
  const { cryptoAmount, unitPriceUsd, fiatUsd, method } = parameters
  const net = ((cryptoAmount * unitPriceUsd) / fiatUsd) * 100 + Number(parameters.networkFeeCents)
  const rate = 1 - paymentMethodFeeBasisPoints[method] / 10_000
  return BigInt(Math.ceil(net / rate - 1e-9))
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b
}
