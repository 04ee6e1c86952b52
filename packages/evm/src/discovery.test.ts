// @vitest-environment happy-dom
import { createFoyer, createMemoryStorage, createStorage } from '@foyer/core'
import { announceTestWallet, createTestWallet, TEST_WALLET_INFO } from '@foyer/test-wallets'
import { afterEach, describe, expect, it } from 'vitest'
import { evmAdapter } from './evmAdapter.ts'

const chains = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1', name: 'Anvil' }] as const
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  delete (window as { ethereum?: unknown }).ethereum
})

function createTestFoyer() {
  const foyer = createFoyer({
    networks: ['eip155:31337'],
    adapters: [evmAdapter()],
    storage: createStorage({ storage: createMemoryStorage() }),
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
