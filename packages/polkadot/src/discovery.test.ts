// @vitest-environment happy-dom
import { connect, createFoyer, createMemoryStorage, createStorage } from '@foyer/core'
import { injectPolkadotTestWallet, POLKADOT_TEST_WALLET_ICON } from '@foyer/test-wallets/polkadot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KNOWN_EXTENSIONS } from './extensions.ts'
import { polkadot } from './networks.ts'
import { polkadotAdapter } from './polkadotAdapter.ts'
import type { InjectedExtension } from './types.ts'

type Page = { injectedWeb3?: Record<string, unknown>; walletExtension?: unknown }
const page = window as unknown as Page

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  delete page.injectedWeb3
  delete page.walletExtension
  vi.useRealTimers()
})

/** An extension that is there but never asked anything in these tests. */
const fakeExtension = (extra: Partial<InjectedExtension> = {}): InjectedExtension => ({
  version: '1.0.0',
  enable: async () => {
    throw new Error('not in this test')
  },
  ...extra,
})

function startAdapter(parameters: Partial<Parameters<typeof polkadotAdapter>[0]> = {}) {
  const adapter = polkadotAdapter({
    appName: 'Foyer tests',
    storage: createMemoryStorage(),
    ...parameters,
  })
  const lists: string[][] = []
  const teardown = adapter.setup({
    networks: [polkadot],
    onConnectorsChange: (connectors) => lists.push(connectors.map((connector) => connector.id)),
  })
  cleanups.push(teardown)
  return { adapter, lists, teardown }
}

describe('polkadot-js extension discovery', () => {
  it('lists an extension injected before the app started, with its name and icon', async () => {
    const { remove } = await injectPolkadotTestWallet(window)
    cleanups.push(remove)
    const { adapter } = startAdapter()
    expect(adapter.getConnectors()).toMatchObject([
      {
        id: 'polkadot.foyer-test-wallet',
        name: 'Foyer Test Wallet',
        icon: POLKADOT_TEST_WALLET_ICON,
        type: 'announced',
        namespace: 'polkadot',
        extensionId: 'foyer-test-wallet',
      },
    ])
  })

  it('names well-known extensions as their users know them, and others by their key', () => {
    page.injectedWeb3 = {
      'polkadot-js': fakeExtension(),
      talisman: fakeExtension(),
      'subwallet-js': fakeExtension(),
      'some-new-wallet': fakeExtension(),
      // It claims a name: known keys keep theirs, unknown ones may bring one.
      'named-wallet': fakeExtension({ name: 'Named Wallet', icon: 'javascript:alert(1)' }),
    }
    const { adapter } = startAdapter()
    const listed = adapter.getConnectors().map(({ id, name, icon }) => ({ id, name, icon }))
    expect(listed.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'polkadot.polkadot-js', name: 'polkadot{.js}' },
      { id: 'polkadot.talisman', name: 'Talisman' },
      { id: 'polkadot.subwallet-js', name: 'SubWallet' },
      { id: 'polkadot.some-new-wallet', name: 'some-new-wallet' },
      { id: 'polkadot.named-wallet', name: 'Named Wallet' },
    ])
    expect(listed[1]!.icon).toBe(KNOWN_EXTENSIONS.talisman!.icon)
    for (const { icon } of listed) expect(icon).toMatch(/^data:image\/svg\+xml,/)
  })

  it('calls Nova Wallet by its name although it injects itself as polkadot-js', () => {
    page.walletExtension = { isNovaWallet: true }
    page.injectedWeb3 = { 'polkadot-js': fakeExtension() }
    const { adapter } = startAdapter()
    expect(adapter.getConnectors().map((connector) => connector.name)).toEqual(['Nova Wallet'])
  })

  it('ignores entries that cannot be enabled', () => {
    page.injectedWeb3 = { broken: { version: '1' }, nothing: null, talisman: fakeExtension() }
    const { adapter } = startAdapter()
    expect(adapter.getConnectors().map((connector) => connector.id)).toEqual(['polkadot.talisman'])
  })

  it('finds an extension that injects itself shortly after the app started', async () => {
    vi.useFakeTimers()
    const { adapter, lists } = startAdapter()
    expect(adapter.getConnectors()).toEqual([])
    page.injectedWeb3 = { talisman: fakeExtension() }
    await vi.advanceTimersByTimeAsync(500)
    expect(adapter.getConnectors().map((connector) => connector.id)).toEqual(['polkadot.talisman'])
    page.injectedWeb3['subwallet-js'] = fakeExtension()
    await vi.advanceTimersByTimeAsync(1_500)
    expect(lists).toEqual([
      [],
      ['polkadot.talisman'],
      ['polkadot.talisman', 'polkadot.subwallet-js'],
    ])
  })

  it('keeps each connector across re-discovery, so listeners on it stay attached', async () => {
    vi.useFakeTimers()
    page.injectedWeb3 = { talisman: fakeExtension() }
    const { adapter, lists } = startAdapter()
    const [first] = adapter.getConnectors()
    await vi.advanceTimersByTimeAsync(2_000)
    expect(adapter.getConnectors()[0]).toBe(first)
    // Nothing changed: the app is not told again.
    expect(lists).toHaveLength(1)
  })

  it('looks no more after the teardown', async () => {
    vi.useFakeTimers()
    const { lists, teardown } = startAdapter()
    teardown()
    page.injectedWeb3 = { talisman: fakeExtension() }
    await vi.advanceTimersByTimeAsync(5_000)
    expect(lists).toEqual([[]])
  })

  it('with discover: false, lists only the extensions the app passes', async () => {
    page.injectedWeb3 = { talisman: fakeExtension() }
    const { adapter } = startAdapter({
      discover: false,
      extensions: { 'my-wallet': fakeExtension({ name: 'My Wallet' }) },
    })
    expect(adapter.getConnectors().map((connector) => connector.name)).toEqual(['My Wallet'])
  })

  it('remembers the enabled extension in the given storage, and forgets it on disconnect', async () => {
    const { remove } = await injectPolkadotTestWallet(window)
    cleanups.push(remove)
    const storage = createMemoryStorage()
    const foyer = createFoyer({
      networks: [polkadot],
      adapters: [polkadotAdapter({ appName: 'Foyer tests', storage })],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    cleanups.push(() => foyer.destroy())
    await connect(foyer, { connectorId: 'polkadot.foyer-test-wallet' })
    expect(JSON.parse(storage.getItem('foyer.polkadot.enabledExtensions') ?? 'null')).toEqual([
      'foyer-test-wallet',
    ])
    await foyer.getConnector('polkadot.foyer-test-wallet')!.disconnect()
    expect(storage.getItem('foyer.polkadot.enabledExtensions')).toBeNull()
  })
})
