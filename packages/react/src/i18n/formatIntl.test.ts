import { describe, expect, test } from 'vitest'
import { formatDateTime } from './formatDateTime.ts'
import { formatPercent } from './formatPercent.ts'

describe('numbers and dates in the dialog follow the locale (Intl)', () => {
  test('a price impact in percent', () => {
    expect(formatPercent(0.35, 'en-US')).toBe('0.35%')
    // French: decimal comma and a no-break space before the sign; Turkish: the sign first.
    expect(formatPercent(0.35, 'fr')).toBe('0,35\u00a0%')
    expect(formatPercent(12, 'tr')).toBe('%12,00')
  })

  test('a transaction time (the hour depends on the time zone)', () => {
    const minedAt = '2025-03-04T14:05:00Z'
    expect(formatDateTime(minedAt, 'de')).toMatch(/^0[45]\.03\.2025, \d\d:05$/)
    expect(formatDateTime(minedAt, 'ja')).toMatch(/^2025\/03\/0[45] \d{1,2}:05$/)
    expect(formatDateTime(minedAt, 'en-US')).toMatch(/^Mar [45], 2025, \d{1,2}:05\s[AP]M$/)
  })
})
