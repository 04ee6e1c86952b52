// @vitest-environment happy-dom
import { connect, createFoyer, createMemoryStorage, createStorage } from '@foyer/core'
import { solanaDevnet } from '@foyer/core/networks'
import {
  createSolanaTestWallet,
  registerSolanaTestWallet,
  SOLANA_TEST_WALLET_ICON,
} from '@foyer/test-wallets/solana'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, describe, expect, it } from 'vitest'
import { solanaAdapter } from './solanaAdapter.ts'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function createTestFoyer() {
  const foyer = createFoyer({
    networks: [solanaDevnet],
    adapters: [solanaAdapter()],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  cleanups.push(() => foyer.destroy())
  return foyer
}

async function register() {
  const { unregister, wallet } = await registerSolanaTestWallet(window)
  cleanups.push(unregister)
  return wallet
}

describe('wallet-standard discovery', () => {
  it('lists a wallet that registered before Foyer started', async () => {
    await register()
    const foyer = createTestFoyer()
    expect(foyer.getState().connectors).toMatchObject([
      {
        id: 'solana.foyer-test-wallet',
        name: 'Foyer Test Wallet',
        namespace: 'solana',
        type: 'announced',
        icon: SOLANA_TEST_WALLET_ICON,
      },
    ])
  })

  it('lists a wallet that registers later and drops it when it unregisters', async () => {
    const foyer = createTestFoyer()
    expect(foyer.getState().connectors).toEqual([])
    const { unregister } = await registerSolanaTestWallet(window)
    expect(foyer.getState().connectors.map((connector) => connector.name)).toEqual([
      'Foyer Test Wallet',
    ])
    unregister()
    expect(foyer.getState().connectors).toEqual([])
  })

  it('connects a discovered wallet on the configured Solana network', async () => {
    const wallet = await register()
    const foyer = createTestFoyer()
    const result = await connect(foyer, { connectorId: 'solana.foyer-test-wallet' })
    expect(result.address).toBe(wallet.signer.address)
    expect(foyer.getState().account.caipAddress).toBe(
      `${solanaDevnet.caipNetworkId}:${wallet.signer.address}`,
    )
    expect(wallet.isAuthorized).toBe(true)
  })

  it('leaves out wallets that cannot connect or sign on Solana', async () => {
    await register()
    const other = await createSolanaTestWallet()
    const evmOnly: Wallet = { ...other, name: 'EVM Only', chains: ['eip155:1'], accounts: [] }
    const connectOnly: Wallet = {
      ...other,
      name: 'Connect Only',
      features: { 'standard:connect': other.features['standard:connect'] },
      accounts: [],
    }
    const dispatch = (wallet: Wallet) =>
      window.dispatchEvent(
        new CustomEvent('wallet-standard:register-wallet', {
          detail: ({ register }: { register: (wallet: Wallet) => () => void }) =>
            cleanups.push(register(wallet)),
        }),
      )
    dispatch(evmOnly)
    dispatch(connectOnly)
    const foyer = createTestFoyer()
    expect(foyer.getState().connectors.map((connector) => connector.name)).toEqual([
      'Foyer Test Wallet',
    ])
  })
})
