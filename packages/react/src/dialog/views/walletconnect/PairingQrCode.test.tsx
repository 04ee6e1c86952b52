// @vitest-environment node
// Rendered as a server would (no window, no canvas), then read back from the markup.
import fc from 'fast-check'
import { Window } from 'happy-dom'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { qrCodePath } from '../../components/qrMatrix.ts'
import { scanQrSvg } from '../../components/scanQrSvg.testUtils.ts'
import { logoBox, PairingQrCode } from './PairingQrCode.tsx'

const rainbowLogo = 'https://foyer.example/getWalletImage/rainbow'

/** A pairing URI shaped as the WalletConnect SDK makes them (sign-client 2.x). */
const pairingUri = (topic: string, symKey: string, expiry: number) =>
  `wc:${topic}@2?relay-protocol=irn&symKey=${symKey}&expiryTimestamp=${expiry}&methods=wc_sessionAuthenticate`

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/)

function renderOnServer(props: { uri: string; logoSrc?: string | undefined }): Element {
  const markup = renderToStaticMarkup(<PairingQrCode label="WalletConnect QR code" {...props} />)
  const { document } = new Window()
  document.body.innerHTML = markup
  return document.querySelector('svg') as unknown as Element
}

describe('PairingQrCode', () => {
  test("draws the wallet's logo in the centre and still reads back as the URI, whatever the logo looks like", () => {
    fc.assert(
      fc.property(hex64, hex64, fc.integer({ min: 1.7e9, max: 2e9 }), (topic, symKey, expiry) => {
        const uri = pairingUri(topic, symKey, expiry)
        const qr = renderOnServer({ uri, logoSrc: rainbowLogo })
        expect(qr.querySelector('[data-qr-logo] image')?.getAttribute('href')).toBe(rainbowLogo)
        // Level H (30% recoverable): a margin for real cameras, glare and a busy logo.
        expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrCodePath(uri, 'H').path)
        expect(scanQrSvg(qr, 'white')).toBe(uri)
        expect(scanQrSvg(qr, 'black')).toBe(uri)
        expect(scanQrSvg(qr, 'inverted')).toBe(uri)
      }),
      { numRuns: 15 },
    )
  })

  test('shows the WalletConnect mark when no logo is known, and fetches nothing', () => {
    const uri = pairingUri('a'.repeat(64), 'b'.repeat(64), 1_800_000_000)
    const qr = renderOnServer({ uri })
    expect(qr.querySelector('[data-qr-logo] image')).toBeNull()
    expect(qr.querySelector('[data-qr-walletconnect-mark]')).not.toBeNull()
    expect(qr.outerHTML).not.toMatch(/href=|src=|url\(/)
    expect(scanQrSvg(qr, 'inverted')).toBe(uri)
  })

  test('the logo tile sits on whole modules, centred', () => {
    for (const size of [57, 61, 69, 77, 81]) {
      const { x, y, side } = logoBox(size)
      expect(Number.isInteger(x) && Number.isInteger(side)).toBe(true)
      expect(x).toBe(y)
      expect(2 * x + side).toBe(size)
    }
  })

  test("the only address in the drawing is the logo's", () => {
    const qr = renderOnServer({
      uri: pairingUri('c'.repeat(64), 'd'.repeat(64), 1),
      logoSrc: rainbowLogo,
    })
    const addresses = [...qr.outerHTML.matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1])
    expect(addresses).toEqual([rainbowLogo])
  })
})
