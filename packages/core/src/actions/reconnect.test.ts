import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import { createTestFoyer } from '../test-utils.ts'
import type { Adapter, Connector } from '../types/connector.ts'
import type { CaipNetworkId, ChainNamespace } from '../types/network.ts'
import { reconnect } from './reconnect.ts'

const solanaNetwork = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' as const
const addresses = {
  eip155: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
} as const

function walletConnector(namespace: 'eip155' | 'solana'): Connector {
  const caipNetworkId: CaipNetworkId = namespace === 'eip155' ? 'eip155:31337' : solanaNetwork
  const accounts = [{ address: addresses[namespace], type: 'eoa' as const }]
  return {
    id: `${namespace}-wallet`,
    name: `${namespace} wallet`,
    type: 'announced',
    namespace,
    connect: async () => ({ accounts, caipNetworkId }),
    async disconnect() {},
    getAccounts: async () => accounts,
    getCaipNetworkId: async () => caipNetworkId,
    async switchNetwork() {},
    async request() {},
    on() {},
    off() {},
  }
}

/** An adapter whose wallet appears only when the test calls `announce()`, as a late extension. */
function createLateAdapter(namespace: ChainNamespace & ('eip155' | 'solana'), late: boolean) {
  const connector = walletConnector(namespace)
  let connectors: Connector[] = late ? [] : [connector]
  let publish: (list: readonly Connector[]) => void = () => {}
  const adapter: Adapter = {
    namespace,
    setup({ onConnectorsChange }) {
      publish = onConnectorsChange
      return () => {}
    },
    getConnectors: () => connectors,
  }
  return {
    adapter,
    announce() {
      connectors = [connector]
      publish(connectors)
    },
  }
}

describe('reconnect', () => {
  it('restores a late wallet of another namespace without moving the visitor off the active one', async () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    storage.setItem('connectedConnectors', {
      eip155: ['eip155-wallet'],
      solana: ['solana-wallet'],
    })
    storage.setItem('activeNamespace', 'eip155')
    const evm = createLateAdapter('eip155', false)
    const solana = createLateAdapter('solana', true)
    const foyer = createTestFoyer({
      networks: ['eip155:31337', solanaNetwork],
      adapters: [evm.adapter, solana.adapter],
      storage,
    })
    expect(await reconnect(foyer)).toMatchObject([{ connectorId: 'eip155-wallet' }])
    expect(foyer.getState().status).toBe('connected')
    expect(storage.getItem('connectedConnectors')).toEqual({
      eip155: ['eip155-wallet'],
      solana: ['solana-wallet'],
    })

    solana.announce()
    await vi.waitFor(() =>
      expect(foyer.getState().connections.solana).toMatchObject([
        { connectorId: 'solana-wallet', status: 'active' },
      ]),
    )
    const state = foyer.getState()
    expect(state.activeNamespace).toBe('eip155')
    expect(state.account.address).toBe(addresses.eip155)
    foyer.destroy()
  })

  it('stops waiting for a late wallet once the instance is destroyed', async () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    storage.setItem('connectedConnectors', { eip155: ['eip155-wallet'] })
    const late = createLateAdapter('eip155', true)
    const foyer = createTestFoyer({ adapters: [late.adapter], storage })
    await reconnect(foyer)
    expect(foyer.getState().status).toBe('connecting')
    foyer.destroy()
    // Give the code that waits for late wallets time to load, had it not been stopped.
    await new Promise((resolve) => setTimeout(resolve, 50))
    late.announce()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(foyer.getState().connections).toEqual({})
  })
})
