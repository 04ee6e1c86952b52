import { describe, expect, it } from 'vitest'
import { checkPaymentDetails, type PaymentFields } from './paymentDetails.ts'

const now = new Date('2030-06-15T12:00:00Z')
const card: PaymentFields = {
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12/34',
  cardCvc: '123',
  cardName: 'Alice Devnet',
  routingNumber: '',
  accountNumber: '',
}
const bank: PaymentFields = {
  ...card,
  cardNumber: '',
  routingNumber: '110000000',
  accountNumber: '000123456789',
}

describe('checkPaymentDetails', () => {
  it('accepts the test card, with or without spaces, and the test bank account', () => {
    expect(checkPaymentDetails('CARD', card, now)).toEqual({ ok: true })
    expect(checkPaymentDetails('CARD', { ...card, cardNumber: '4242424242424242' }, now).ok).toBe(
      true,
    )
    expect(checkPaymentDetails('ACH_BANK_ACCOUNT', bank, now)).toEqual({ ok: true })
  })

  it('declines 4000 0000 0000 0002 and points other cards to the test card', () => {
    expect(
      checkPaymentDetails('CARD', { ...card, cardNumber: '4000 0000 0000 0002' }, now),
    ).toEqual({
      ok: false,
      field: 'cardNumber',
      message: 'Your card was declined.',
      declined: true,
    })
    expect(
      checkPaymentDetails('CARD', { ...card, cardNumber: '5555 5555 5555 4444' }, now),
    ).toEqual({
      ok: false,
      field: 'cardNumber',
      message: 'Use the test card 4242 4242 4242 4242.',
    })
  })

  it.each([
    [{ cardNumber: '4242' }, 'cardNumber', 'Enter the card number (12 to 19 digits).'],
    [{ cardExpiry: '1234' }, 'cardExpiry', 'Enter the expiry as MM/YY, e.g. 12/34.'],
    [{ cardExpiry: '13/34' }, 'cardExpiry', 'Enter the expiry as MM/YY, e.g. 12/34.'],
    [{ cardExpiry: '05/30' }, 'cardExpiry', 'The card has expired.'],
    [{ cardCvc: '12' }, 'cardCvc', 'Enter the 3- or 4-digit CVC.'],
    [{ cardName: ' ' }, 'cardName', 'Enter the name on the card.'],
  ])('refuses card details %j', (change, field, message) => {
    expect(checkPaymentDetails('CARD', { ...card, ...change }, now)).toEqual({
      ok: false,
      field,
      message,
    })
  })

  it('takes a card through the last day of its expiry month', () => {
    expect(checkPaymentDetails('CARD', { ...card, cardExpiry: '06/30' }, now).ok).toBe(true)
  })

  it.each([
    [{ routingNumber: '1100' }, 'routingNumber', 'Enter the 9-digit routing number.'],
    [{ accountNumber: '12' }, 'accountNumber', 'Enter the account number (4 to 17 digits).'],
    [
      { routingNumber: '021000021' },
      'routingNumber',
      'Use the test bank account: routing number 110000000, account number 000123456789.',
    ],
    [
      { accountNumber: '000999999999' },
      'accountNumber',
      'Use the test bank account: routing number 110000000, account number 000123456789.',
    ],
  ])('refuses bank details %j', (change, field, message) => {
    expect(checkPaymentDetails('ACH_BANK_ACCOUNT', { ...bank, ...change }, now)).toEqual({
      ok: false,
      field,
      message,
    })
  })

  it('checks only the fields of the chosen method', () => {
    expect(checkPaymentDetails('ACH_BANK_ACCOUNT', { ...bank, cardNumber: 'junk' }, now).ok).toBe(
      true,
    )
    expect(checkPaymentDetails('CARD', { ...card, routingNumber: 'junk' }, now).ok).toBe(true)
  })
})
