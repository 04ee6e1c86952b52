// @vitest-environment happy-dom
import {
  type Adapter,
  createFoyer,
  createMemoryStorage,
  createStorage,
  type Foyer,
  getApiClient,
  navigate,
  open,
} from '@foyer/core'
import { evmAdapter } from '@foyer/evm'
import { createTestWallet } from '@foyer/test-wallets'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest'
// The server runs in a child Node process: happy-dom's module transform cannot load the devnet.
import { spawnTestServer } from '../../../../core/src/api/spawnTestServer.ts'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, findDialog, idleWalletsAdapter } from '../../testUtils.tsx'

// Wallets of the server's built-in registry, none of them installed in these tests.
const TRUST_WALLET = '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0'
const RAINBOW = '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369'
const rpcUrl = 'http://127.0.0.1:9'

let serverUrl: string
let stop: () => Promise<void>
beforeAll(async () => {
  ;({ serverUrl, stop } = await spawnTestServer())
}, 120_000)
afterAll(async () => {
  await stop?.()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

/** A WalletConnect connector that offers one pairing URI and waits for a wallet forever. */
function createWalletConnectStandIn(): Adapter {
  const pairingUri = {
    uri: 'wc:feed@2?relay-protocol=irn&symKey=00',
    expiresAt: Date.now() + 60_000,
  }
  const extra = {
    getPairingUri: () => pairingUri,
    watchPairingUri: () => () => {},
    cancelPairing() {},
  }
  return idleWalletsAdapter([
    { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', extra },
  ])
}

/** A wallet the app lists itself (`custom`), e.g. one used before; it never connects here. */
function createCustomWallet(id: string, name: string): Adapter {
  return idleWalletsAdapter([{ id, name, type: 'custom' }])
}

/** One installed wallet (`installed` as its EIP-6963 name and rdns) and the featured ids. */
function setup(
  featuredWalletIds: readonly string[],
  installed = { name: 'Foyer Test Wallet', rdns: 'dev.foyer.testwallet' },
  options: { recentWalletIds?: readonly string[]; adapters?: readonly Adapter[] } = {},
): Foyer {
  const backing = createMemoryStorage()
  if (options.recentWalletIds)
    backing.setItem('foyer.recentWallets', JSON.stringify(options.recentWalletIds))
  const wallet = createTestWallet({
    accounts: [`0x${'1'.repeat(64)}`],
    chains: [{ chainId: 31337, rpcUrl, name: 'Anvil' }],
  })
  return createFoyer({
    networks: [anvilChain(rpcUrl)],
    adapters: [
      evmAdapter({
        discover: false,
        legacyInjected: false,
        providers: [{ info: { ...installed, icon: 'data:image/svg+xml,' }, provider: wallet }],
      }),
      createWalletConnectStandIn(),
      ...(options.adapters ?? []),
    ],
    storage: createStorage({ storage: backing }),
    serverUrl,
    projectId: 'foyer-dev',
    featuredWalletIds,
  })
}

/** Labels of the Connect view's wallet rows, in order. */
const rowNames = (within: Awaited<ReturnType<typeof findDialog>>['within']) =>
  within
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.foyer-list-item-label')?.textContent)

describe('featured wallets from the registry', () => {
  test('Connect shows featured wallets that are not installed in the featured position, fetched only once the dialog opens', async () => {
    const requests: string[] = []
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      requests.push(String(input instanceof Request ? input.url : input))
      return realFetch(input, init)
    })
    const foyer = setup([TRUST_WALLET, RAINBOW])
    render(<FoyerProvider foyer={foyer} />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(requests).toEqual([])

    act(() => open(foyer))
    const { within } = await findDialog()
    await waitFor(() => expect(within.getAllByText('Recommended')).toHaveLength(4))
    await waitFor(() => expect(within.queryByRole('button', { name: 'Rainbow' })).not.toBeNull())
    const names = rowNames(within)
    // Default order walletConnect, recent, injected, featured, …, recommended: featured after the
    // installed wallet, in the configured order; the recommended ones repeat neither.
    expect(names.slice(0, 4)).toEqual([
      'WalletConnect',
      'Foyer Test Wallet',
      'Trust Wallet',
      'Rainbow',
    ])
    expect(names.filter((name) => name === 'Rainbow')).toHaveLength(1)
    expect(names.filter((name) => name === 'Trust Wallet')).toHaveLength(1)
    expect(requests.some((url) => url.includes('include='))).toBe(true)

    // Like registry wallets in All Wallets: WalletConnect with the wallet's own deep link.
    fireEvent.click(within.getByRole('button', { name: 'Rainbow' }))
    expect(foyer.getState().dialog).toMatchObject({
      view: 'ConnectingWalletConnect',
      data: { connectorId: 'walletConnect', wallet: { id: RAINBOW, mobile_link: 'rainbow:' } },
    })
    // On a desktop, Rainbow (a phone app only) has no link to open, but one to get it.
    const get = await within.findByRole('link', { name: 'Get Rainbow' })
    expect(get.getAttribute('href')).toBe('https://rainbow.me/')
    expect(within.queryByRole('link', { name: 'Open Rainbow' })).toBeNull()
    // Narrowed to a phone's width, the app's own link on the pairing URI appears.
    const { happyDOM } = window as unknown as {
      happyDOM: { setViewport(v: { width: number }): void }
    }
    onTestFinished(() => happyDOM.setViewport({ width: 1024 }))
    act(() => happyDOM.setViewport({ width: 390 }))
    const link = await within.findByRole('link', { name: 'Open Rainbow' })
    expect(link.getAttribute('href')).toBe(
      `rainbow://wc?uri=${encodeURIComponent('wc:feed@2?relay-protocol=irn&symKey=00')}`,
    )
  })

  test('All Wallets lists the featured registry wallets after the installed one, once', async () => {
    const foyer = setup([RAINBOW, TRUST_WALLET])
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within } = await findDialog()
    await waitFor(() => expect(within.getAllByRole('listitem').length).toBeGreaterThan(3))
    const buttons = within
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('data-wallet-id'))
    expect(buttons.slice(0, 3).map((button) => button.getAttribute('data-wallet-id'))).toEqual([
      'dev.foyer.testwallet',
      RAINBOW,
      TRUST_WALLET,
    ])
    const ids = buttons.map((button) => button.getAttribute('data-wallet-id'))
    expect(new Set(ids).size).toBe(ids.length)

    fireEvent.click(buttons[1]!)
    expect(foyer.getState().dialog).toMatchObject({
      view: 'ConnectingWalletConnect',
      data: { wallet: { id: RAINBOW } },
    })
  })

  test("All Wallets lists installed, recent, featured, the app's other wallets, then the registry (recommended)", async () => {
    const foyer = setup([RAINBOW], undefined, {
      recentWalletIds: ['custom.recent'],
      adapters: [
        createCustomWallet('custom.plain', 'Listed By The App'),
        createCustomWallet('custom.recent', 'Used Before'),
      ],
    })
    // The registry's own order, as the Connect view's recommended wallets follow it.
    const { data: registry } = await getApiClient(foyer).request('getWallets', {
      query: { page: 1, entries: 40 },
    })
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within } = await findDialog()
    await waitFor(() => expect(within.getAllByRole('listitem').length).toBeGreaterThan(10))
    const ids = within
      .getAllByRole('button')
      .flatMap((button) => button.getAttribute('data-wallet-id') ?? [])
    expect(ids.slice(0, 4)).toEqual([
      'dev.foyer.testwallet',
      'custom.recent',
      RAINBOW,
      'custom.plain',
    ])
    const recommended = registry.map((wallet) => wallet.id).filter((id) => id !== RAINBOW)
    expect(ids.slice(4)).toEqual(recommended.slice(0, ids.length - 4))
  })

  test('a featured wallet that is installed is listed once, by its installed connector', async () => {
    const foyer = setup([RAINBOW], { name: 'Rainbow', rdns: 'me.rainbow' })
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within } = await findDialog()
    await waitFor(() => expect(within.getAllByText('Recommended')).toHaveLength(4))
    expect(within.getAllByRole('button', { name: /^Rainbow/ })).toHaveLength(1)
    expect(within.getByRole('button', { name: 'Rainbow Installed' })).toBeTruthy()
  })

  test('Connect holds the recommended wallets’ place with skeleton rows until the registry answers', async () => {
    let answer!: () => void
    const registryAnswers = new Promise<void>((resolve) => {
      answer = resolve
    })
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (new URL(url).pathname === '/getWallets') await registryAnswers
      return realFetch(input, init)
    })
    const foyer = setup([])
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { dialog, within } = await findDialog()
    await waitFor(() =>
      expect(
        dialog.querySelectorAll('[data-foyer-skeleton="row"] .foyer-skeleton-row'),
      ).toHaveLength(4),
    )
    expect(within.getByRole('status').textContent).toBe('Loading recommended wallets…')
    expect(within.queryAllByText('Recommended')).toEqual([])
    // The rows around it are there already.
    expect(within.getByRole('button', { name: 'All Wallets' })).toBeTruthy()

    answer()
    await waitFor(() => expect(within.getAllByText('Recommended')).toHaveLength(4))
    expect(dialog.querySelector('[data-foyer-skeleton]')).toBeNull()
  })
})
