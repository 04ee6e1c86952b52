// @vitest-environment happy-dom
// The WalletConnect views with the real adapter: the official SDK talks to the dev relay and a
// WalletKit wallet in Node "scans" what the dialog shows. Nothing leaves loopback.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createFoyer,
  createMemoryStorage,
  createStorage,
  type Foyer,
  open,
  STORAGE_KEYS,
} from '@foyer/core'
import { type CreateDevRelayReturnType, createDevRelay } from '@foyer/dev-relay'
import { anvilDevAccounts } from '@foyer/devnet'
import { type WalletConnectConnector, walletConnectAdapter } from '@foyer/walletconnect'
import { createNodeTestWallet, type NodeTestWallet } from '@foyer/walletconnect/test-wallet'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, findDialog } from '../../testUtils.tsx'
import { scanQrSvg as scanQrCode } from '../components/scanQrSvg.testUtils.ts'
import { formatDeepLink } from './walletconnect/formatDeepLink.ts'

let relay: CreateDevRelayReturnType
let storageDirectory: string
const teardowns: Array<() => unknown> = []
let clientCount = 0

beforeAll(async () => {
  vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return realFetch(input, init)
    return Promise.reject(new TypeError(`fetch to ${url.hostname} blocked: offline test`))
  })
  ;[relay, storageDirectory] = await Promise.all([
    createDevRelay({ port: 0 }),
    mkdtemp(join(tmpdir(), 'foyer-wc-views-')),
  ])
})

afterEach(async () => {
  cleanup()
  document.body.innerHTML = ''
  for (const teardown of teardowns.splice(0).reverse()) await teardown()
  expect(relay.unknownMethods).toEqual([])
})

afterAll(async () => {
  await relay?.close()
  // The SDK's file storage may still be writing after destroy(): retry while it finishes.
  if (storageDirectory)
    await rm(storageDirectory, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

function createDapp(options: { pairingLifetimeMs?: number } = {}): {
  foyer: Foyer
  connector: WalletConnectConnector
} {
  clientCount++
  const foyer = createFoyer({
    // Signing needs no chain: the RPC URL is never called in these tests.
    networks: [anvilChain('http://127.0.0.1:9')],
    adapters: [
      walletConnectAdapter({
        relayUrl: relay.url,
        metadata: {
          name: 'Foyer views test',
          description: 'tests',
          url: 'http://127.0.0.1',
          icons: [],
        },
        storagePrefix: `views-${clientCount}`,
        pairingLifetimeMs: options.pairingLifetimeMs,
        storageOptions: { database: join(storageDirectory, `views-${clientCount}.db`) },
      }),
    ],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  const connector = foyer.getConnector('walletConnect') as WalletConnectConnector
  teardowns.push(async () => {
    foyer.destroy()
    await connector.destroy()
  })
  return { foyer, connector }
}

async function createWallet(): Promise<NodeTestWallet> {
  const wallet = await createNodeTestWallet({
    relayUrl: relay.url,
    privateKey: anvilDevAccounts()[1]!.privateKey,
    chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
  })
  teardowns.push(() => wallet.close())
  return wallet
}

describe('ConnectingWalletConnectBasic', () => {
  test('WalletConnect is listed first; its QR code and copied link pair a wallet that connects', async () => {
    const { foyer } = createDapp()
    const wallet = await createWallet()
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within, dialog } = await findDialog()

    const entries = await within.findAllByRole('button', { name: /WalletConnect|All Wallets/ })
    expect(entries[0]!.textContent).toBe('WalletConnect')
    fireEvent.click(entries[0]!)
    await waitFor(() =>
      expect(dialog.getAttribute('data-view')).toBe('ConnectingWalletConnectBasic'),
    )
    expect(within.getByRole('heading', { name: 'WalletConnect' })).toBeTruthy()

    const qr = await within.findByRole(
      'img',
      { name: 'WalletConnect QR code' },
      { timeout: 10_000 },
    )
    const scanned = scanQrCode(qr)
    expect(scanned).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    fireEvent.click(within.getByRole('button', { name: 'Copy link' }))
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(scanned))
    expect(await within.findByRole('button', { name: 'Link copied' })).toBeTruthy()

    await wallet.pair(await navigator.clipboard.readText())
    await waitFor(() => expect(foyer.getState().status).toBe('connected'), { timeout: 10_000 })
    expect(foyer.getState().account.address).toBe(wallet.address)
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
  })

  test('an expiring pairing URI is replaced by a new QR code on its own, and the new one pairs', async () => {
    // 10.3 s lifetime: counted as expired (10 s or less left) after 300 ms, then renewed.
    const { foyer, connector } = createDapp({ pairingLifetimeMs: 10_300 })
    const wallet = await createWallet()
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer, { view: 'ConnectingWalletConnectBasic' }))
    const { within } = await findDialog()
    const qr = await within.findByRole(
      'img',
      { name: 'WalletConnect QR code' },
      { timeout: 10_000 },
    )
    const first = scanQrCode(qr)!
    expect(first).toBe(connector.getPairingUri()?.uri)

    await waitFor(
      () =>
        expect(scanQrCode(within.getByRole('img', { name: 'WalletConnect QR code' }))).not.toBe(
          first,
        ),
      { timeout: 10_000 },
    )
    // No countdown or "expired" text, nothing to click: the hint is the same.
    expect(within.getByRole('status').textContent).toBe(
      'Scan this QR code with a WalletConnect wallet on your phone',
    )
    const second = scanQrCode(within.getByRole('img', { name: 'WalletConnect QR code' }))!
    expect(second).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(second)
    await waitFor(() => expect(foyer.getState().status).toBe('connected'), { timeout: 10_000 })
    expect(foyer.getState().account.address).toBe(wallet.address)
  })

  test("a refused proposal shows 'Connection rejected', and Try again offers a new QR code", async () => {
    const { foyer } = createDapp()
    const wallet = await createWallet()
    wallet.answerProposals = 'reject'
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer, { view: 'ConnectingWalletConnectBasic' }))
    const { within } = await findDialog()

    const first = scanQrCode(
      await within.findByRole('img', { name: 'WalletConnect QR code' }, { timeout: 10_000 }),
    )!
    await wallet.pair(first)
    expect(await within.findByText('Connection rejected', {}, { timeout: 10_000 })).toBeTruthy()
    expect(within.queryByRole('img', { name: 'WalletConnect QR code' })).toBeNull()

    wallet.answerProposals = 'approve'
    fireEvent.click(within.getByRole('button', { name: 'Try again' }))
    const second = scanQrCode(
      await within.findByRole('img', { name: 'WalletConnect QR code' }, { timeout: 10_000 }),
    )!
    expect(second).not.toBe(first)
    await wallet.pair(second)
    await waitFor(() => expect(foyer.getState().status).toBe('connected'), { timeout: 10_000 })
  })
})

describe('ConnectingWalletConnect', () => {
  const rainbow = {
    id: 'rainbow',
    name: 'Rainbow',
    imageUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
    mobile_link: 'rainbow://',
    desktop_link: null,
    webapp_link: 'https://app.rainbow.example',
  }

  test('on a phone, shows the QR code with the wallet logo and opens the wallet on the pairing URI; the choice is remembered', async () => {
    // A phone-width viewport: the wallet's app link is offered (on a desktop it is not).
    const { happyDOM } = window as unknown as {
      happyDOM: { setViewport(v: { width: number }): void }
    }
    happyDOM.setViewport({ width: 390 })
    onTestFinished(() => happyDOM.setViewport({ width: 1024 }))
    const { foyer, connector } = createDapp()
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer, { view: 'ConnectingWalletConnect', data: { wallet: rainbow } }))
    const { within } = await findDialog()
    expect(within.getByRole('heading', { name: 'Rainbow' })).toBeTruthy()

    const qr = await within.findByRole(
      'img',
      { name: 'WalletConnect QR code' },
      { timeout: 10_000 },
    )
    const uri = connector.getPairingUri()!.uri
    // Still readable with the logo covering its centre.
    expect(qr.querySelector('[data-qr-logo] image')?.getAttribute('href')).toBe(rainbow.imageUrl)
    expect(scanQrCode(qr)).toBe(uri)

    const app = within.getByRole('link', { name: 'Open Rainbow' })
    const web = within.getByRole('link', { name: 'Open Rainbow web app' })
    expect(within.queryByRole('link', { name: 'Open Rainbow desktop app' })).toBeNull()
    expect(app.getAttribute('href')).toBe(`rainbow://wc?uri=${encodeURIComponent(uri)}`)
    expect(web.getAttribute('href')).toBe(formatDeepLink({ link: rainbow.webapp_link, uri }))
    // The app link comes first until the visitor picks another.
    expect(within.getAllByRole('link')[0]).toBe(app)

    web.addEventListener('click', (event) => event.preventDefault()) // no navigation in the test
    fireEvent.click(web)
    expect(foyer.storage.getItem(STORAGE_KEYS.deepLinkChoice)).toEqual({
      walletId: 'rainbow',
      name: 'Rainbow',
      kind: 'web',
      link: rainbow.webapp_link,
    })
    await waitFor(() =>
      expect(within.getAllByRole('link')[0]?.textContent).toBe('Open Rainbow web app'),
    )

    // Leaving the view stops the pairing: no URI is offered any more.
    fireEvent.click(within.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(connector.getPairingUri()).toBeUndefined())
  })
})
