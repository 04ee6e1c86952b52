import { describe, expect, it, vi } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import type { Adapter, Connector } from '../types/connector.ts'
import { createLazyAdapter, loadAdapters } from './createLazyAdapter.ts'

function connector(id: string): Connector {
  return {
    id,
    name: id,
    type: 'injected',
    namespace: 'eip155',
    connect: async () => ({ accounts: [], caipNetworkId: 'eip155:31337' }),
    async disconnect() {},
    getAccounts: async () => [],
    getCaipNetworkId: async () => 'eip155:31337',
    async switchNetwork() {},
    async request() {},
    on() {},
    off() {},
  }
}

/** A real adapter whose wallets are `ids`, counting its set-ups and teardowns. */
function realAdapter(ids: string[]) {
  const counts = { setup: 0, teardown: 0 }
  const adapter: Adapter = {
    namespace: 'eip155',
    setup() {
      counts.setup++
      return () => {
        counts.teardown++
      }
    },
    getConnectors: () => ids.map(connector),
    getBalance: async () => ({ value: 5n, decimals: 18, symbol: 'ETH' }),
  }
  return { adapter, counts }
}

describe('createLazyAdapter', () => {
  it('has no wallets until its code is loaded, then sets the real adapter up once', async () => {
    const real = realAdapter(['late'])
    const load = vi.fn(async () => real.adapter)
    const lazy = createLazyAdapter({ namespace: 'eip155', load })
    // Outside a browser nothing schedules the load by itself.
    const foyer = createTestFoyer({ adapters: [lazy] })
    expect(foyer.getState().connectors).toEqual([])
    expect(load).not.toHaveBeenCalled()
    await Promise.all([loadAdapters(foyer.config.adapters), lazy.load?.()])
    expect(load).toHaveBeenCalledTimes(1)
    expect(real.counts.setup).toBe(1)
    expect(foyer.getState().connectors.map((c) => c.id)).toEqual(['late'])
    foyer.destroy()
    expect(real.counts.teardown).toBe(1)
  })

  it('sets up at once when its code came before the instance', async () => {
    const real = realAdapter(['early'])
    const lazy = createLazyAdapter({ namespace: 'eip155', load: async () => real.adapter })
    await lazy.load?.()
    const foyer = createTestFoyer({ adapters: [lazy] })
    expect(foyer.getState().connectors.map((c) => c.id)).toEqual(['early'])
    expect(real.counts.setup).toBe(1)
  })

  it('does not set up an adapter whose instance was destroyed before the code arrived', async () => {
    const real = realAdapter(['gone'])
    const lazy = createLazyAdapter({ namespace: 'eip155', load: async () => real.adapter })
    const foyer = createTestFoyer({ adapters: [lazy] })
    foyer.destroy()
    await lazy.load?.()
    expect(real.counts.setup).toBe(0)
  })

  it('tries again after a failed load, and loadAdapters never rejects', async () => {
    const real = realAdapter(['retried'])
    let attempts = 0
    const lazy = createLazyAdapter({
      namespace: 'eip155',
      load: async () => {
        if (++attempts === 1) throw new Error('offline')
        return real.adapter
      },
    })
    const foyer = createTestFoyer({ adapters: [lazy] })
    await expect(lazy.load?.()).rejects.toThrow('offline')
    await loadAdapters(foyer.config.adapters)
    expect(attempts).toBe(2)
    expect(foyer.getState().connectors.map((c) => c.id)).toEqual(['retried'])
    await expect(
      loadAdapters([createLazyAdapter({ namespace: 'eip155', load: () => Promise.reject() })]),
    ).resolves.toBeUndefined()
  })

  it('reads balances through the real adapter, loading it first, when told it has them', async () => {
    const real = realAdapter([])
    const lazy = createLazyAdapter({
      namespace: 'eip155',
      balances: true,
      load: async () => real.adapter,
    })
    const network = createTestFoyer().getState().activeNetwork
    await expect(lazy.getBalance?.({ address: '0x1', network })).resolves.toEqual({
      value: 5n,
      decimals: 18,
      symbol: 'ETH',
    })
    const noBalances = createLazyAdapter({ namespace: 'eip155', load: async () => real.adapter })
    expect(noBalances.getBalance).toBeUndefined()
    const missing = createLazyAdapter({
      namespace: 'eip155',
      balances: true,
      load: async () => ({ ...real.adapter, getBalance: undefined }),
    })
    await expect(missing.getBalance?.({ address: '0x1', network })).rejects.toThrow(
      'The adapter reads no balances.',
    )
  })

  it('keeps its namespaces for the networks it is given', () => {
    const lazy = createLazyAdapter({
      namespace: 'eip155',
      namespaces: ['eip155', 'solana'],
      load: async () => realAdapter([]).adapter,
    })
    expect([lazy.namespace, lazy.namespaces]).toEqual(['eip155', ['eip155', 'solana']])
  })
})
