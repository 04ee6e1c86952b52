// @vitest-environment happy-dom
import { createFoyer, createMemoryStorage, createStorage, navigate } from '@foyer/core'
import { evmAdapter } from '@foyer/evm'
import { createSolanaLocalnet } from '@foyer/solana'
import { createTestWallet } from '@foyer/test-wallets'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createMemoryWallet } from '../../../../core/src/test-utils.ts'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, createTestSetup, findDialog, idleWalletsAdapter } from '../../testUtils.tsx'
import { createConnectorWalletSource } from '../../utils/walletSource.ts'
import { ConnectFlowProvider } from '../connectFlow.tsx'
import { WalletListing } from './AllWallets.tsx'

const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

/**
 * happy-dom computes no layout, so its IntersectionObserver never reports. This one lets the test
 * scroll the sentinel into view by hand.
 */
function installScrollableIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>()
  class ManualIntersectionObserver {
    readonly entry: { callback: IntersectionObserverCallback; targets: Element[] }
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] }
      observers.add(this.entry)
    }
    observe(target: Element) {
      this.entry.targets.push(target)
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry)
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', ManualIntersectionObserver)
  return {
    scrollIntoView(target: Element) {
      for (const observer of [...observers])
        if (observer.targets.includes(target))
          observer.callback(
            [{ isIntersecting: true, target } as IntersectionObserverEntry],
            observer as unknown as IntersectionObserver,
          )
    },
  }
}

const names = (count: number) => Array.from({ length: count }, (_, index) => `Wallet ${index + 1}`)

describe('AllWallets', () => {
  test('search filters the wallets by name', async () => {
    const { foyer } = createTestSetup({
      walletNames: ['Foyer Test Wallet', 'Amber Wallet', 'Cobalt Wallet', 'Ämberlight'],
    })
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within } = await findDialog()
    await within.findByRole('button', { name: 'Cobalt Wallet' })
    expect(within.getAllByRole('listitem')).toHaveLength(4)

    fireEvent.change(within.getByRole('searchbox', { name: 'Search wallets' }), {
      target: { value: 'amber' },
    })
    await waitFor(() =>
      expect(within.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Amber Wallet',
        'Ämberlight',
      ]),
    )

    // No match: a sentence naming the search, and a button that clears it.
    fireEvent.change(within.getByRole('searchbox'), { target: { value: 'nothing like it' } })
    expect(await within.findByText('No wallet matches “nothing like it”')).toBeTruthy()
    fireEvent.click(within.getByRole('button', { name: 'Clear search' }))
    expect((within.getByRole('searchbox') as HTMLInputElement).value).toBe('')
    await waitFor(() => expect(within.getAllByRole('listitem')).toHaveLength(4))
  })

  test('shows placeholder tiles while the first page loads, then the wallets', async () => {
    const { foyer } = createTestSetup({ walletNames: ['Amber Wallet'] })
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const source = createConnectorWalletSource(foyer.getState().connectors)
    render(
      <FoyerProvider foyer={foyer}>
        <ConnectFlowProvider>
          <WalletListing
            source={async (request) => {
              await gate
              return source(request)
            }}
          />
        </ConnectFlowProvider>
      </FoyerProvider>,
    )
    const skeleton = await waitFor(() => {
      const element = document.querySelector('[data-foyer-skeleton="tile"]')
      if (!element) throw new Error('no placeholders')
      return element
    })
    expect(skeleton.getAttribute('role')).toBe('status')
    expect(skeleton.querySelectorAll('.foyer-skeleton')).toHaveLength(8)
    act(() => release())
    await waitFor(() => expect(document.querySelector('[data-foyer-skeleton]')).toBeNull())
    expect(document.body.textContent).toContain('Amber Wallet')
  })

  test('lists 40 wallets per page and loads the next page when scrolled to the end', async () => {
    const observer = installScrollableIntersectionObserver()
    const { foyer } = createTestSetup({ walletNames: names(45) })
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within, root } = await findDialog()
    await waitFor(() => expect(within.getAllByRole('listitem')).toHaveLength(40))

    act(() => observer.scrollIntoView(root.querySelector('.foyer-sentinel')!))
    await waitFor(() => expect(within.getAllByRole('listitem')).toHaveLength(45))
    expect(within.getByRole('button', { name: 'Wallet 45' })).toBeTruthy()
  })

  test('choosing a wallet opens ConnectingExternal for it', async () => {
    const { foyer } = createTestSetup({ walletNames: ['Amber Wallet'] })
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within, dialog } = await findDialog()
    fireEvent.click(await within.findByRole('button', { name: 'Amber Wallet' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ConnectingExternal'))
    await waitFor(() => expect(foyer.getState().status).toBe('connected'))
  })
})

describe('All Wallets: one entry per wallet', () => {
  /** The test wallet's EIP-6963 and wallet-standard sides, and an EVM-only wallet. */
  function setupMultiNamespace() {
    const name = 'Foyer Test Wallet'
    const evm = createMemoryWallet({
      namespace: 'eip155',
      address: evmAddress,
      id: 'dev.foyer.testwallet',
      name,
    })
    const solana = createMemoryWallet({
      namespace: 'solana',
      address: solanaAddress,
      id: 'solana.foyer-test-wallet',
      name,
    })
    const amber = createMemoryWallet({
      namespace: 'eip155',
      address: evmAddress,
      id: 'dev.foyer.amber',
      name: 'Amber Wallet',
    })
    return createFoyer({
      networks: [
        anvilChain('http://127.0.0.1:9'),
        createSolanaLocalnet({ rpcUrl: 'http://127.0.0.1:9' }),
      ],
      adapters: [evm.adapter(), amber.adapter(), solana.adapter()],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
  }

  test('lists a wallet of several namespaces once, with its namespace marks', async () => {
    const foyer = setupMultiNamespace()
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within } = await findDialog()
    await waitFor(() => expect(within.getAllByRole('listitem')).toHaveLength(2))
    expect(within.getByRole('status').textContent).toBe('2 wallets')
    const entry = within.getByRole('button', { name: /^Foyer Test Wallet/ })
    expect(entry.textContent).toContain('Networks: EVM and Solana')
    expect(
      [...entry.querySelectorAll('.foyer-namespace-mark')].map((mark) => mark.textContent),
    ).toEqual(['EVM', 'Solana'])
    expect(within.getByRole('button', { name: /^Amber Wallet/ }).textContent).toContain(
      'Networks: EVM',
    )
    // A search finds the wallet once too.
    fireEvent.change(within.getByRole('searchbox'), { target: { value: 'foyer' } })
    await waitFor(() => expect(within.getAllByRole('listitem')).toHaveLength(1))
  })

  test('choosing it opens the namespace chooser, where arrow keys move', async () => {
    const foyer = setupMultiNamespace()
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within, dialog, root } = await findDialog()
    const entry = await within.findByRole('button', { name: /^Foyer Test Wallet/ })
    entry.focus()
    fireEvent.keyDown(entry, { key: 'ArrowRight' })
    expect(root.activeElement).toBe(within.getByRole('button', { name: /^Amber Wallet/ }))

    fireEvent.click(entry)
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ConnectingMultiChain'))
    fireEvent.click(await within.findByRole('button', { name: /^Solana/ }))
    await waitFor(() => expect(foyer.getState().account.address).toBe(solanaAddress))
    expect(foyer.getState().connections.eip155).toBeUndefined()
  })
})

describe('All Wallets order', () => {
  test('installed wallets first, then the recent ones (latest first), the featured ones, the rest', async () => {
    const rpcUrl = 'http://127.0.0.1:9'
    const installed = (name: string) => ({
      info: { name, rdns: `dev.foyer.${name.toLowerCase()}`, icon: 'data:image/svg+xml,' },
      provider: createTestWallet({
        accounts: [`0x${'1'.repeat(64)}`],
        chains: [{ chainId: 31337, rpcUrl, name: 'Anvil' }],
      }),
    })
    const backing = createMemoryStorage()
    // Used before, most recent first: one that is installed (listed as installed) and two others.
    backing.setItem(
      'foyer.recentWallets',
      JSON.stringify(['custom.second', 'dev.foyer.cobalt', 'external.first']),
    )
    const foyer = createFoyer({
      networks: [anvilChain(rpcUrl)],
      // Discovery order is the reverse of the expected listing.
      adapters: [
        idleWalletsAdapter([
          { id: 'external.plain', name: 'Plain External', type: 'external' },
          { id: 'custom.plain', name: 'Plain Custom', type: 'custom' },
          { id: 'custom.featured', name: 'Featured Custom', type: 'custom' },
          { id: 'external.first', name: 'First Recent', type: 'external' },
          { id: 'custom.second', name: 'Second Recent', type: 'custom' },
        ]),
        evmAdapter({
          discover: false,
          legacyInjected: false,
          providers: [installed('Cobalt'), installed('Amber')],
        }),
      ],
      storage: createStorage({ storage: backing }),
      featuredWalletIds: ['custom.featured'],
    })
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within } = await findDialog()
    await waitFor(() => expect(within.getAllByRole('listitem')).toHaveLength(7))
    expect(within.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Cobalt',
      'Amber',
      'Second Recent',
      'First Recent',
      'Featured Custom',
      'Plain Custom',
      'Plain External',
    ])
  })
})

describe('createConnectorWalletSource', () => {
  test('pages and searches, reporting the total count', async () => {
    const { foyer } = createTestSetup({ walletNames: names(45) })
    const source = createConnectorWalletSource(foyer.getState().connectors)
    const second = await source({ page: 2, entries: 40 })
    expect(second.count).toBe(45)
    expect(second.data.map((entry) => entry.name)).toEqual(names(45).slice(40))
    const search = await source({ page: 1, entries: 100, search: 'wallet 4' })
    expect(search.data.map((entry) => entry.name)).toEqual(['Wallet 4', ...names(45).slice(39, 45)])
    expect(search.count).toBe(7)
  })
})
