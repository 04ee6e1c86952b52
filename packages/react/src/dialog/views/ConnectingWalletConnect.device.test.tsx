// @vitest-environment happy-dom
// The WalletConnect views around a stand-in connector whose pairing URIs the test hands out: which
// links a phone or a desktop gets, "Get {name}", the copy confirmation and the silent renewal.
// ConnectingWalletConnect.test.tsx pairs a real wallet over the relay.

import {
  type Adapter,
  createFoyer,
  createMemoryStorage,
  createStorage,
  type Foyer,
  open,
} from '@foyer/core'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, findDialog, idleWalletsAdapter } from '../../testUtils.tsx'
import { scanQrSvg } from '../components/scanQrSvg.testUtils.ts'
import type { ShownPairingUri } from './walletconnect/pairingUriSource.ts'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

const rainbow = {
  id: 'rainbow',
  name: 'Rainbow',
  imageUrl: 'https://foyer.example/getWalletImage/rainbow',
  rdns: 'me.rainbow',
  mobile_link: 'rainbow://',
  desktop_link: 'rainbowdesktop://',
  webapp_link: 'https://app.rainbow.example',
  homepage: 'https://rainbow.example',
  app_store: 'https://apps.apple.com/app/rainbow',
  play_store: 'https://play.google.com/store/apps/details?id=me.rainbow',
  chrome_store: null,
}

const pairingUri = (n: number) =>
  `wc:${String(n).padStart(64, '0')}@2?relay-protocol=irn&symKey=${'e'.repeat(64)}&expiryTimestamp=${1_800_000_000 + n}`

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  setViewportWidth(1024)
  document.body.innerHTML = ''
})

function setViewportWidth(width: number) {
  const happyDOM = (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } })
    .happyDOM
  happyDOM.setViewport({ width })
}

function emulateUserAgent(userAgent: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent)
  vi.spyOn(window.navigator, 'maxTouchPoints', 'get').mockReturnValue(5)
}

/**
 * A WalletConnect connector offering the URIs the test gives it (`offer`), as
 * `@foyer/walletconnect` does when it renews one; it never connects.
 */
function createPairingStandIn(icon?: string) {
  let current: ShownPairingUri | undefined
  const listeners = new Set<(pairingUri: ShownPairingUri | undefined) => void>()
  const offer = (uri: string | undefined) => {
    current = uri ? { uri, expiresAt: Date.now() + 240_000 } : undefined
    for (const listener of [...listeners]) listener(current)
  }
  const extra = {
    icon,
    getPairingUri: () => current,
    watchPairingUri(listener: (pairingUri: ShownPairingUri | undefined) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    cancelPairing: () => offer(undefined),
  }
  const adapter: Adapter = idleWalletsAdapter([
    { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', extra },
  ])
  return { adapter, offer }
}

function setup(options: { icon?: string; installed?: { id: string; rdns: string } } = {}) {
  const standIn = createPairingStandIn(options.icon)
  const installed = options.installed
    ? [
        idleWalletsAdapter([
          {
            id: options.installed.id,
            name: 'Rainbow',
            type: 'injected',
            extra: { rdns: options.installed.rdns },
          },
        ]),
      ]
    : []
  const foyer: Foyer = createFoyer({
    networks: [anvilChain('http://127.0.0.1:9')],
    adapters: [standIn.adapter, ...installed],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  standIn.offer(pairingUri(1))
  return { foyer, offer: standIn.offer }
}

async function openWallet(foyer: Foyer, wallet: object = rainbow) {
  render(<FoyerProvider foyer={foyer} />)
  act(() =>
    open(foyer, {
      view: 'ConnectingWalletConnect',
      data: { wallet, connectorId: 'walletConnect' },
    }),
  )
  const dialog = await findDialog()
  const qr = await dialog.within.findByRole('img', { name: 'WalletConnect QR code' })
  return { ...dialog, qr }
}

async function openBasic(foyer: Foyer) {
  render(<FoyerProvider foyer={foyer} />)
  act(() => open(foyer, { view: 'ConnectingWalletConnectBasic' }))
  const dialog = await findDialog()
  const qr = await dialog.within.findByRole('img', { name: 'WalletConnect QR code' })
  return { ...dialog, qr }
}

const linkNames = (within: Awaited<ReturnType<typeof findDialog>>['within']) =>
  within.queryAllByRole('link').map((link) => link.textContent)

describe('ConnectingWalletConnect on a desktop', () => {
  test("the QR code carries the wallet's logo; the desktop and web apps are offered, not the phone app", async () => {
    const { foyer } = setup()
    const { within, qr } = await openWallet(foyer)
    expect(qr.querySelector('[data-qr-logo] image')?.getAttribute('href')).toBe(rainbow.imageUrl)
    expect(scanQrSvg(qr, 'inverted')).toBe(pairingUri(1))

    expect(linkNames(within)).toEqual([
      'Open Rainbow desktop app',
      'Open Rainbow web app',
      'Get Rainbow',
    ])
    expect(within.queryByRole('link', { name: 'Open Rainbow' })).toBeNull()
    expect(
      within.getByRole('link', { name: 'Open Rainbow desktop app' }).getAttribute('href'),
    ).toBe(`rainbowdesktop://wc?uri=${encodeURIComponent(pairingUri(1))}`)
  })

  test('"Get {name}" leads to the homepage, in a new tab, only while the wallet is not installed', async () => {
    const { foyer } = setup()
    const { within } = await openWallet(foyer)
    expect(within.getByText('Don’t have Rainbow?')).toBeTruthy()
    const get = within.getByRole('link', { name: 'Get Rainbow' })
    expect(get.getAttribute('href')).toBe(rainbow.homepage)
    expect(get.getAttribute('target')).toBe('_blank')
    expect(get.getAttribute('rel')).toBe('noopener noreferrer')
    cleanup()

    // Its extension announced the same rdns: installed, nothing to get.
    const installed = setup({ installed: { id: 'me.rainbow', rdns: 'me.rainbow' } })
    const second = await openWallet(installed.foyer)
    expect(second.within.queryByRole('link', { name: 'Get Rainbow' })).toBeNull()
    expect(second.within.queryByText('Don’t have Rainbow?')).toBeNull()
  })

  test('no "Get {name}" without a web address to get it from', async () => {
    const { foyer } = setup()
    const { within } = await openWallet(foyer, {
      ...rainbow,
      homepage: 'javascript:alert(1)',
      app_store: null,
      play_store: null,
    })
    expect(within.queryByRole('link', { name: 'Get Rainbow' })).toBeNull()
  })
})

describe('ConnectingWalletConnect on a phone', () => {
  test('a narrow viewport gets "Open {name}" on the pairing URI, first, and no desktop app', async () => {
    setViewportWidth(390)
    const { foyer } = setup()
    const { within } = await openWallet(foyer)
    expect(linkNames(within)).toEqual(['Open Rainbow', 'Open Rainbow web app', 'Get Rainbow'])
    expect(within.getByRole('link', { name: 'Open Rainbow' }).getAttribute('href')).toBe(
      `rainbow://wc?uri=${encodeURIComponent(pairingUri(1))}`,
    )
  })

  test('an iPhone gets the App Store, an Android phone Google Play, whatever the viewport', async () => {
    emulateUserAgent(IPHONE)
    const iphone = setup()
    const first = await openWallet(iphone.foyer)
    expect(first.within.getByRole('link', { name: 'Open Rainbow' })).toBeTruthy()
    expect(first.within.getByRole('link', { name: 'Get Rainbow' }).getAttribute('href')).toBe(
      rainbow.app_store,
    )
    cleanup()
    vi.restoreAllMocks()

    emulateUserAgent(ANDROID)
    const android = setup()
    const second = await openWallet(android.foyer)
    expect(second.within.getByRole('link', { name: 'Get Rainbow' }).getAttribute('href')).toBe(
      rainbow.play_store,
    )
  })
})

describe('ConnectingWalletConnectBasic', () => {
  test('the WalletConnect mark, or the connector icon, in the QR code; "Open in a wallet app" on a phone only', async () => {
    const plain = setup()
    const desktop = await openBasic(plain.foyer)
    expect(desktop.qr.querySelector('[data-qr-walletconnect-mark]')).not.toBeNull()
    expect(scanQrSvg(desktop.qr, 'inverted')).toBe(pairingUri(1))
    expect(desktop.within.queryByRole('link', { name: 'Open in a wallet app' })).toBeNull()
    cleanup()

    setViewportWidth(390)
    const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'
    const withIcon = setup({ icon })
    const phone = await openBasic(withIcon.foyer)
    expect(phone.qr.querySelector('[data-qr-logo] image')?.getAttribute('href')).toBe(icon)
    expect(
      phone.within.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href'),
    ).toBe(pairingUri(1))
  })
})

describe('copy link', () => {
  test('the button confirms the copy, then offers it again', async () => {
    const { foyer } = setup()
    const { within, scope } = await openBasic(foyer)
    fireEvent.click(within.getByRole('button', { name: 'Copy link' }))
    const copied = await within.findByRole('button', { name: 'Link copied' })
    expect(await navigator.clipboard.readText()).toBe(pairingUri(1))
    expect(copied.querySelector('svg')).not.toBeNull()
    // The toast says it too, for screen readers (a polite live region).
    await waitFor(() =>
      expect(scope.getAllByText('Link copied').some((node) => node.closest('.foyer-toast'))).toBe(
        true,
      ),
    )
    await waitFor(() => expect(within.getByRole('button', { name: 'Copy link' })).toBe(copied), {
      timeout: 3_000,
    })
  })
})

describe('pairing URI renewal', () => {
  test('a renewed URI replaces the QR code, the links and what Copy link copies, with nothing to do', async () => {
    const { foyer, offer } = setup()
    const { within, qr } = await openWallet(foyer)
    const copy = within.getByRole('button', { name: 'Copy link' })
    fireEvent.click(copy)
    await within.findByRole('button', { name: 'Link copied' })
    copy.focus()

    act(() => offer(pairingUri(2)))
    const renewed = within.getByRole('img', { name: 'WalletConnect QR code' })
    expect(scanQrSvg(renewed, 'inverted')).toBe(pairingUri(2))
    expect(renewed.getAttribute('data-uri')).toBe(pairingUri(2))
    expect(renewed).toBe(qr) // redrawn in place: no placeholder in between
    expect(
      within.getByRole('link', { name: 'Open Rainbow desktop app' }).getAttribute('href'),
    ).toBe(`rainbowdesktop://wc?uri=${encodeURIComponent(pairingUri(2))}`)
    // What was copied no longer pairs: the button offers the new link, and keeps the focus.
    expect(within.getByRole('button', { name: 'Copy link' })).toBe(copy)
    expect((copy.getRootNode() as ShadowRoot).activeElement).toBe(copy)
    fireEvent.click(copy)
    await within.findByRole('button', { name: 'Link copied' })
    expect(await navigator.clipboard.readText()).toBe(pairingUri(2))
    // No countdown, no "expired": the hint stays as it was.
    expect(within.getByRole('status').textContent).toBe(
      'Scan with Rainbow on your phone, or open it on this device',
    )
  })
})
