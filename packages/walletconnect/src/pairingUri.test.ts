import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '@foyer/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { getPairingUriRefreshDelay, isPairingUriExpired } from './pairingUri.ts'

const uri = 'wc:abc@2?relay-protocol=irn&symKey=def'

describe('isPairingUriExpired', () => {
  test('a fresh URI is valid for its whole lifetime but the last 10 seconds', () => {
    const now = 1_000_000
    const pairingUri = { uri, expiresAt: now + PAIRING_LIFETIME_MS }
    expect(isPairingUriExpired({ pairingUri, now })).toBe(false)
    expect(
      isPairingUriExpired({ pairingUri, now: pairingUri.expiresAt - PAIRING_EXPIRY_MARGIN_MS - 1 }),
    ).toBe(false)
    expect(
      isPairingUriExpired({ pairingUri, now: pairingUri.expiresAt - PAIRING_EXPIRY_MARGIN_MS }),
    ).toBe(true)
  })

  test('expired exactly when 10 s or less remain, and the refresh delay agrees', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: -600_000, max: 600_000 }),
        (now, remaining) => {
          const pairingUri = { uri, expiresAt: now + remaining }
          const expired = isPairingUriExpired({ pairingUri, now })
          expect(expired).toBe(remaining <= PAIRING_EXPIRY_MARGIN_MS)
          const delay = getPairingUriRefreshDelay({ pairingUri, now })
          expect(delay === 0).toBe(expired)
          expect(isPairingUriExpired({ pairingUri, now: now + delay })).toBe(true)
        },
      ),
    )
  })
})
