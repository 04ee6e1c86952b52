import { describe, expect, it } from 'vitest'
import type { ConnectorAccount } from '../types/connector.ts'
import { pickAccount } from './state.ts'

// Imported by a relative path: mutation testing of connection state (mutation/modules.json).
describe('the account shown for a connection', () => {
  const payment: ConnectorAccount = { address: 'bcrt1qpaymentaddress', type: 'payment' }
  const ordinal: ConnectorAccount = { address: 'bcrt1pordinaladdress', type: 'ordinal' }

  it("shows the Bitcoin wallet's account of the visitor's preferred type, wherever the wallet lists it", () => {
    expect(pickAccount([payment, ordinal], 'ordinal')).toBe(ordinal)
    expect(pickAccount([payment, ordinal], 'payment')).toBe(payment)
    expect(pickAccount([ordinal, payment], 'payment')).toBe(payment)
  })

  it("shows the wallet's first account when none has the preferred type, or none is preferred", () => {
    expect(pickAccount([ordinal, payment], 'smartAccount')).toBe(ordinal)
    expect(pickAccount([payment, ordinal], undefined)).toBe(payment)
    expect(pickAccount([], 'payment')).toBeUndefined()
  })
})
