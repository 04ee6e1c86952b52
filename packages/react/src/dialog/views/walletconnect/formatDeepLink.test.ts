import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatDeepLink } from './formatDeepLink.ts'

const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=5a1d&expiryTimestamp=1700000000'

describe('formatDeepLink', () => {
  test('builds universal links and custom-scheme links the way wallets expect them', () => {
    expect(formatDeepLink({ link: 'https://metamask.app.link', uri })).toBe(
      `https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}`,
    )
    expect(formatDeepLink({ link: 'https://link.trustwallet.com/', uri })).toBe(
      `https://link.trustwallet.com/wc?uri=${encodeURIComponent(uri)}`,
    )
    expect(formatDeepLink({ link: 'rainbow://', uri })).toBe(
      `rainbow://wc?uri=${encodeURIComponent(uri)}`,
    )
    expect(formatDeepLink({ link: 'zerion:', uri })).toBe(
      `zerion://wc?uri=${encodeURIComponent(uri)}`,
    )
    expect(formatDeepLink({ link: 'ledgerlive', uri })).toBe(
      `ledgerlive://wc?uri=${encodeURIComponent(uri)}`,
    )
  })

  test('the wallet reads back exactly the pairing URI from the uri query parameter', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'https://wallet.example',
          'https://wallet.example/app/',
          'wallet://',
          'wallet:',
        ),
        fc.string(),
        (link, suffix) => {
          const pairingUri = `${uri}${suffix}`
          const deepLink = formatDeepLink({ link, uri: pairingUri })
          const query = deepLink.slice(deepLink.indexOf('?') + 1)
          expect(new URLSearchParams(query).get('uri')).toBe(pairingUri)
          expect(deepLink.split('?')[0]).toMatch(/\/wc$/)
        },
      ),
    )
  })
})
