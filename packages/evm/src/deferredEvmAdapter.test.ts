import { createFoyer, createMemoryStorage, createStorage, loadAdapters } from '@foyer/core'
import { anvil } from '@foyer/core/networks'
import { describe, expect, it } from 'vitest'
import { deferredEvmAdapter } from './deferredEvmAdapter.ts'
import type { Eip1193Provider } from './types.ts'

const provider: Eip1193Provider = {
  request: async () => [],
  on() {},
  removeListener() {},
} as unknown as Eip1193Provider

describe('deferredEvmAdapter', () => {
  it("lists the app's wallets once its code is loaded, and reads balances through it", async () => {
    const foyer = createFoyer({
      networks: [anvil],
      adapters: [
        deferredEvmAdapter({
          discover: false,
          legacyInjected: false,
          providers: [
            {
              info: { name: 'Own Wallet', rdns: 'dev.foyer.own', icon: '', uuid: 'own' },
              provider,
            },
          ],
        }),
      ],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    expect(foyer.getState().connectors).toEqual([])
    expect(typeof foyer.config.adapters[0]?.getBalance).toBe('function')
    await loadAdapters(foyer.config.adapters)
    expect(foyer.getState().connectors.map((connector) => connector.name)).toEqual(['Own Wallet'])
    foyer.destroy()
  })
})
