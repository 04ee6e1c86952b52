import { anvil, mainnet, solanaDevnet } from '@foyer/core/networks'
import { describe, expect, it } from 'vitest'
import { open } from './actions/open.ts'
import { createFoyer } from './createFoyer.ts'
import { NetworkNotFoundError } from './errors/network.ts'
import { createMemoryStorage, createStorage } from './storage/createStorage.ts'
import { STORAGE_KEYS } from './storage/keys.ts'
import { createTestFoyer } from './test-utils.ts'

describe('createFoyer', () => {
  it('applies the SPEC defaults', () => {
    const foyer = createTestFoyer()
    expect(foyer.config.features).toMatchObject({
      email: true,
      swaps: true,
      onramp: true,
      activity: true,
      send: true,
      receive: true,
      analytics: true,
      allWallets: true,
      branding: true,
      multiWallet: false,
      legalCheckbox: false,
      smartSessions: false,
    })
    expect(foyer.config.features.socials).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(foyer.config.connectMethodsOrder).toEqual(['email', 'social', 'wallet'])
    expect(foyer.config.walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(foyer.config.connectorTypeOrder).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
    expect(foyer.getState().themeMode).toBe('dark')
    expect(foyer.getState().status).toBe('disconnected')
  })

  it('takes viem chains and the networks of @foyer/core/networks', () => {
    const foyer = createFoyer({
      networks: [
        {
          id: 10,
          name: 'OP',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['https://op.example'] } },
        },
        solanaDevnet,
        mainnet,
      ],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    expect(foyer.config.networks.map((network) => network.caipNetworkId)).toEqual([
      'eip155:10',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'eip155:1',
    ])
    expect(foyer.config.networks[1]).toMatchObject({
      chainNamespace: 'solana',
      testnet: true,
      rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
    })
    expect(foyer.config.networks[2]).toMatchObject({
      name: 'Ethereum',
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
    })
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:10')
  })

  it("rejects a network id with 'Network not found', telling to import it from @foyer/core/networks", () => {
    const create = () =>
      createFoyer({
        // @ts-expect-error: ids alone are not networks (JavaScript apps can still pass one)
        networks: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        storage: createStorage({ storage: createMemoryStorage() }),
      })
    expect(create).toThrow(NetworkNotFoundError)
    expect(create).toThrow('Network not found')
    let error: unknown
    try {
      create()
    } catch (thrown) {
      error = thrown
    }
    expect((error as NetworkNotFoundError).details).toContain(
      "import { solana } from '@foyer/core/networks'",
    )
    expect((error as NetworkNotFoundError).message).toContain(
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
  })

  it('keeps two instances apart', () => {
    const first = createTestFoyer()
    const second = createTestFoyer()
    open(first)
    expect(first.getState().dialog.open).toBe(true)
    expect(second.getState().dialog.open).toBe(false)
  })

  it('restores the stored active network', () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    storage.setItem(STORAGE_KEYS.activeNamespace, 'eip155')
    storage.setItem(STORAGE_KEYS.activeNetworkByNamespace, { eip155: 'eip155:31338' })
    const foyer = createTestFoyer({ storage })
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31338')
  })

  it('runs without a DOM (server render)', () => {
    expect(typeof window).toBe('undefined')
    const foyer = createFoyer({ networks: [anvil] })
    expect(foyer.getState().dialog.open).toBe(false)
  })
})
