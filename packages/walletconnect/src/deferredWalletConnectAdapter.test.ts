import { createFoyer, createMemoryStorage, createStorage, loadAdapters } from '@foyer/core'
import { anvil, solanaDevnet } from '@foyer/core/networks'
import { describe, expect, it } from 'vitest'
import { deferredWalletConnectAdapter } from './deferredWalletConnectAdapter.ts'

describe('deferredWalletConnectAdapter', () => {
  it('lists WalletConnect once its code is loaded, with a connector per namespace of the app', async () => {
    const foyer = createFoyer({
      networks: [anvil, solanaDevnet],
      adapters: [
        deferredWalletConnectAdapter({
          relayUrl: 'ws://127.0.0.1:9',
          metadata: { name: 'Test', description: '', url: 'http://127.0.0.1', icons: [] },
        }),
      ],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    expect(foyer.getState().connectors).toEqual([])
    await loadAdapters(foyer.config.adapters)
    expect(foyer.getState().connectors.map((connector) => connector.id)).toEqual([
      'walletConnect',
      'walletConnect:solana',
    ])
    foyer.destroy()
  })
})
