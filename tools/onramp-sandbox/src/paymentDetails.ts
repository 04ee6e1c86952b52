import type { SandboxPaymentMethod } from './types.ts'

/** The sandbox's test payment details (Stripe's well-known test numbers). */
export const testPaymentDetails = {
  /** Pays. */
  card: '4242424242424242',
  /** Is declined. */
  declinedCard: '4000000000000002',
  routingNumber: '110000000',
  accountNumber: '000123456789',
} as const

/** The payment fields of the checkout form; absent fields are ''. */
export type PaymentFields = {
  cardNumber: string
  cardExpiry: string
  cardCvc: string
  cardName: string
  routingNumber: string
  accountNumber: string
}

export type PaymentFieldName = keyof PaymentFields

export type PaymentCheck =
  | { ok: true }
  | { ok: false; message: string; field: PaymentFieldName; declined?: true }

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '')

/**
 * Checks the posted payment details of a method, as a card processor would: the form of each
 * field first, then whether the details are the test ones (4000 0000 0000 0002 is declined,
 * any other card but 4242 4242 4242 4242 and any other bank account are unknown).
 */
export function checkPaymentDetails(
  method: SandboxPaymentMethod,
  fields: PaymentFields,
  now: Date = new Date(),
): PaymentCheck {
  if (method === 'ACH_BANK_ACCOUNT') {
    const routing = digitsOnly(fields.routingNumber)
    const account = digitsOnly(fields.accountNumber)
    if (!/^\d{9}$/.test(routing)) {
      return { ok: false, field: 'routingNumber', message: 'Enter the 9-digit routing number.' }
    }
    if (!/^\d{4,17}$/.test(account)) {
      return {
        ok: false,
        field: 'accountNumber',
        message: 'Enter the account number (4 to 17 digits).',
      }
    }
    if (
      routing !== testPaymentDetails.routingNumber ||
      account !== testPaymentDetails.accountNumber
    ) {
      return {
        ok: false,
        field: routing === testPaymentDetails.routingNumber ? 'accountNumber' : 'routingNumber',
        message: `Use the test bank account: routing number ${testPaymentDetails.routingNumber}, account number ${testPaymentDetails.accountNumber}.`,
      }
    }
    return { ok: true }
  }

  const number = digitsOnly(fields.cardNumber)
  if (!/^\d{12,19}$/.test(number)) {
    return { ok: false, field: 'cardNumber', message: 'Enter the card number (12 to 19 digits).' }
  }
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(fields.cardExpiry)
  const month = Number(expiry?.[1])
  if (!expiry || month < 1 || month > 12) {
    return { ok: false, field: 'cardExpiry', message: 'Enter the expiry as MM/YY, e.g. 12/34.' }
  }
  // A card is valid through the last day of its expiry month.
  const expiresAfter = Date.UTC(2000 + Number(expiry[2]), month, 1)
  if (expiresAfter <= now.getTime()) {
    return { ok: false, field: 'cardExpiry', message: 'The card has expired.' }
  }
  if (!/^\d{3,4}$/.test(fields.cardCvc.trim())) {
    return { ok: false, field: 'cardCvc', message: 'Enter the 3- or 4-digit CVC.' }
  }
  if (fields.cardName.trim() === '') {
    return { ok: false, field: 'cardName', message: 'Enter the name on the card.' }
  }
  if (number === testPaymentDetails.declinedCard) {
    return { ok: false, field: 'cardNumber', message: 'Your card was declined.', declined: true }
  }
  if (number !== testPaymentDetails.card) {
    return { ok: false, field: 'cardNumber', message: 'Use the test card 4242 4242 4242 4242.' }
  }
  return { ok: true }
}
