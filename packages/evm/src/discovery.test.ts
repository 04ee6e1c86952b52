// @vitest-environment happy-dom
import {
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  disconnect,
  type FoyerEventWithTimestamp,
  RECONNECT_DISCOVERY_TIMEOUT_MS,
  reconnect,
} from '@foyer/core'
import { anvil } from '@foyer/core/networks'
import {
  announceTestWallet,
  createTestWallet,
  TEST_WALLET_INFO,
  type TestWallet,
} from '@foyer/test-wallets'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { evmAdapter } from './evmAdapter.ts'

const chains = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1', name: 'Anvil' }] as const
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  delete (window as { ethereum?: unknown }).ethereum
  vi.useRealTimers()
})

function createTestFoyer(storage = createStorage({ storage: createMemoryStorage() })) {
  const foyer = createFoyer({
    networks: [anvil],
    adapters: [evmAdapter()],
    storage,
  })
  cleanups.push(() => foyer.destroy())
  return foyer
}

describe('EIP-6963 discovery', () => {
  it('lists a wallet that announced itself before Foyer started', () => {
    const wallet = createTestWallet({ accounts: [`0x${'1'.repeat(64)}`], chains: [...chains] })
    cleanups.push(announceTestWallet(wallet, window))
    const foyer = createTestFoyer()
    expect(foyer.getState().connectors).toMatchObject([
      {
        id: 'dev.foyer.testwallet',
        name: 'Foyer Test Wallet',
        type: 'announced',
        icon: TEST_WALLET_INFO.icon,
      },
    ])
  })

  it('lists a wallet that announces itself later, replacing the legacy window.ethereum entry', () => {
    const legacy = createTestWallet({ accounts: [`0x${'2'.repeat(64)}`], chains: [...chains] })
    ;(window as { ethereum?: unknown }).ethereum = legacy
    const foyer = createTestFoyer()
    expect(foyer.getState().connectors.map((connector) => connector.type)).toEqual(['injected'])

    const wallet = createTestWallet({ accounts: [`0x${'1'.repeat(64)}`], chains: [...chains] })
    cleanups.push(announceTestWallet(wallet, window))
    expect(foyer.getState().connectors.map((connector) => connector.id)).toEqual([
      'dev.foyer.testwallet',
    ])
  })

  it('keeps discovery per instance: destroying one Foyer leaves the other listing wallets', () => {
    const first = createTestFoyer()
    const second = createTestFoyer()
    first.destroy()
    const wallet = createTestWallet({ accounts: [`0x${'1'.repeat(64)}`], chains: [...chains] })
    cleanups.push(announceTestWallet(wallet, window))
    expect(second.getState().connectors).toHaveLength(1)
    expect(first.getState().connectors).toHaveLength(0)
  })
})

const addressOf = (wallet: TestWallet) => wallet.addresses[0]

/**
 * A visitor who connected the test wallet on an earlier visit: the storage remembers the
 * connection, the wallet still authorises the site (or not), and it has not announced itself yet.
 */
async function earlierVisit({ authorised = true } = {}) {
  const storage = createStorage({ storage: createMemoryStorage() })
  const wallet = createTestWallet({ accounts: [`0x${'1'.repeat(64)}`], chains: [...chains] })
  const stopAnnouncing = announceTestWallet(wallet, window)
  const first = createTestFoyer(storage)
  await connect(first, { connectorId: TEST_WALLET_INFO.rdns })
  first.destroy()
  stopAnnouncing()
  if (!authorised) wallet.lock()
  // Every prompt is refused from here: a silent reconnect must never need one.
  wallet.setBehaviour({ connect: 'reject' })
  const prompts: string[] = []
  const request = wallet.request
  wallet.request = (arguments_) => {
    if (arguments_.method === 'eth_requestAccounts') prompts.push(arguments_.method)
    return request(arguments_)
  }
  return { storage, wallet, prompts }
}

describe('reconnect with EIP-6963 discovery', () => {
  it('reconnects a wallet that announces itself after the page loaded', async () => {
    const { storage, wallet, prompts } = await earlierVisit()
    const foyer = createTestFoyer(storage)
    const events: FoyerEventWithTimestamp[] = []
    foyer.subscribeEvents((event) => events.push(event))

    expect(await reconnect(foyer)).toEqual([])
    // Still remembered while the wallet has not announced itself, and shown as connecting.
    expect(foyer.getState().status).toBe('connecting')
    expect(storage.getItem('connectedConnectors')).toEqual({ eip155: [TEST_WALLET_INFO.rdns] })

    cleanups.push(announceTestWallet(wallet, window))
    await vi.waitFor(() => expect(foyer.getState().status).toBe('connected'))
    expect(foyer.getState().account.address).toBe(addressOf(wallet))
    expect(foyer.getState().connections.eip155).toMatchObject([
      { connectorId: TEST_WALLET_INFO.rdns, status: 'active' },
    ])
    expect(events.filter((event) => event.type === 'CONNECT_SUCCESS')).toMatchObject([
      { data: { connectorId: TEST_WALLET_INFO.rdns, reconnected: true } },
    ])
    expect(prompts).toEqual([])
    expect(storage.getItem('connectedConnectors')).toEqual({ eip155: [TEST_WALLET_INFO.rdns] })
  })

  it('stops showing connecting after 2 s without the wallet, yet reconnects it when it announces later', async () => {
    const { storage, wallet } = await earlierVisit()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const foyer = createTestFoyer(storage)
    await reconnect(foyer)
    expect(foyer.getState().status).toBe('connecting')
    vi.advanceTimersByTime(RECONNECT_DISCOVERY_TIMEOUT_MS - 1)
    expect(foyer.getState().status).toBe('connecting')
    vi.advanceTimersByTime(1)
    expect(foyer.getState().status).toBe('disconnected')
    // Not forgotten: the wallet may be an extension that starts late.
    expect(storage.getItem('connectedConnectors')).toEqual({ eip155: [TEST_WALLET_INFO.rdns] })

    cleanups.push(announceTestWallet(wallet, window))
    await vi.waitFor(() => expect(foyer.getState().status).toBe('connected'))
    expect(foyer.getState().account.address).toBe(addressOf(wallet))
  })

  it('forgets a remembered wallet that announces itself without authorising the site', async () => {
    const { storage, wallet, prompts } = await earlierVisit({ authorised: false })
    const foyer = createTestFoyer(storage)
    await reconnect(foyer)
    cleanups.push(announceTestWallet(wallet, window))
    await vi.waitFor(() => expect(foyer.getState().status).toBe('disconnected'))
    expect(foyer.getState().account.address).toBeUndefined()
    expect(storage.getItem('connectedConnectors')).toEqual({})
    expect(prompts).toEqual([])
  })

  it('forgets a remembered wallet that has not announced itself once the visitor disconnects', async () => {
    const { storage, wallet } = await earlierVisit()
    const foyer = createTestFoyer(storage)
    await reconnect(foyer)
    await disconnect(foyer)
    expect(foyer.getState().status).toBe('disconnected')
    expect(storage.getItem('connectedConnectors')).toEqual({})
    cleanups.push(announceTestWallet(wallet, window))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(foyer.getState().status).toBe('disconnected')
    expect(foyer.getState().account.address).toBeUndefined()
  })

  it('does not let a late wallet replace the wallet the visitor connected meanwhile', async () => {
    const { storage, wallet } = await earlierVisit()
    const foyer = createTestFoyer(storage)
    await reconnect(foyer)
    const other = createTestWallet({ accounts: [`0x${'2'.repeat(64)}`], chains: [...chains] })
    cleanups.push(
      announceTestWallet(other, window, { name: 'Other Wallet', rdns: 'dev.foyer.other' }),
    )
    await connect(foyer, { connectorId: 'dev.foyer.other' })
    cleanups.push(announceTestWallet(wallet, window))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(foyer.getState().account.address).toBe(addressOf(other))
    expect(storage.getItem('connectedConnectors')).toEqual({ eip155: ['dev.foyer.other'] })
  })
})
