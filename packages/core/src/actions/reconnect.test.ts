import { describe, expect, it, vi } from 'vitest'
import { anvil, anvilB, solanaDevnet, solanaTestnet } from '../networks.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import { createMemoryWallet, createTestFoyer, type MemoryWallet } from '../test-utils.ts'
import type { FoyerConfig } from '../types/config.ts'
import type { Adapter, Connector } from '../types/connector.ts'
import type { CaipNetworkId, ChainNamespace } from '../types/network.ts'
import { connect } from './connect.ts'
import { reconnect } from './reconnect.ts'
import { switchNetwork } from './switchNetwork.ts'

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
      networks: [anvil, solanaDevnet],
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

describe('reconnect restores the network the visitor chose', () => {
  /** One page load: a new Foyer on the same storage, each wallet with a fresh connector. */
  function load(
    storage: ReturnType<typeof createStorage>,
    networks: FoyerConfig['networks'],
    wallets: MemoryWallet[],
  ) {
    return createTestFoyer({
      networks,
      adapters: wallets.map((wallet) => wallet.adapter()),
      storage,
    })
  }

  it('puts a Solana wallet back on the second of two clusters after a reload', async () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    const networks = [solanaDevnet, solanaTestnet] as const
    const wallet = createMemoryWallet({ namespace: 'solana', address: addresses.solana })
    const first = load(storage, networks, [wallet])
    await connect(first, { connectorId: 'solana-wallet' })
    await switchNetwork(first, { network: solanaTestnet })
    first.destroy()

    const again = load(storage, networks, [wallet])
    // A new page's connector starts on its first cluster, as the real ones do.
    expect(await wallet.connector!.getCaipNetworkId()).toBe(solanaDevnet.caipNetworkId)
    await reconnect(again)
    const state = again.getState()
    expect(state.status).toBe('connected')
    expect(state.activeNetwork.caipNetworkId).toBe(solanaTestnet.caipNetworkId)
    expect(state.account.caipAddress).toBe(`${solanaTestnet.caipNetworkId}:${addresses.solana}`)
    expect(await wallet.connector!.getCaipNetworkId()).toBe(solanaTestnet.caipNetworkId)
    expect(storage.getItem('activeNetworkByNamespace')).toEqual({
      solana: solanaTestnet.caipNetworkId,
    })
  })

  it('restores the active Solana namespace and its cluster when eip155 networks are listed first', async () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    const networks = [anvil, anvilB, solanaDevnet, solanaTestnet] as const
    const evm = createMemoryWallet({ namespace: 'eip155', address: addresses.eip155 })
    const solana = createMemoryWallet({ namespace: 'solana', address: addresses.solana })
    const first = load(storage, networks, [evm, solana])
    await connect(first, { connectorId: 'eip155-wallet' })
    await switchNetwork(first, { network: solanaTestnet })
    await connect(first, { connectorId: 'solana-wallet' })
    expect(first.getState().activeNetwork.caipNetworkId).toBe(solanaTestnet.caipNetworkId)
    first.destroy()

    const again = load(storage, networks, [evm, solana])
    expect(again.getState().activeNetwork.caipNetworkId).toBe(solanaTestnet.caipNetworkId)
    const restored = await reconnect(again)
    expect(restored.map((connection) => connection.connectorId).sort()).toEqual([
      'eip155-wallet',
      'solana-wallet',
    ])
    const state = again.getState()
    expect(state.activeNamespace).toBe('solana')
    expect(state.activeNetwork.caipNetworkId).toBe(solanaTestnet.caipNetworkId)
    expect(state.account.address).toBe(addresses.solana)
    expect(state.networkByNamespace.eip155?.caipNetworkId).toBe('eip155:31337')
    expect(await solana.connector!.getCaipNetworkId()).toBe(solanaTestnet.caipNetworkId)
    expect(evm.switchRequests).toEqual([])
  })

  it('keeps a Solana wallet on its own cluster when it cannot serve the stored one', async () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    const networks = [solanaDevnet, solanaTestnet] as const
    const wallet = createMemoryWallet({ namespace: 'solana', address: addresses.solana })
    const first = load(storage, networks, [wallet])
    await connect(first, { connectorId: 'solana-wallet' })
    await switchNetwork(first, { network: solanaTestnet })
    first.destroy()

    // E.g. a WalletConnect session that no longer approves the stored cluster.
    wallet.behaviour.switchNetwork = 'reject'
    const again = load(storage, networks, [wallet])
    expect(await reconnect(again)).toMatchObject([{ connectorId: 'solana-wallet' }])
    expect(again.getState().activeNetwork.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(again.getState().account.caipAddress).toBe(
      `${solanaDevnet.caipNetworkId}:${addresses.solana}`,
    )
  })

  it('keeps an EVM wallet on the chain it is on after a reload, without asking it to switch', async () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    const networks = [anvil, anvilB] as const
    const wallet = createMemoryWallet({ namespace: 'eip155', address: addresses.eip155 })
    const first = load(storage, networks, [wallet])
    await connect(first, { connectorId: 'eip155-wallet' })
    await switchNetwork(first, { network: 'eip155:31338' })
    expect(wallet.switchRequests).toEqual(['eip155:31338'])
    first.destroy()

    // While the page was closed the visitor moved the wallet back to 31337 in the wallet itself.
    wallet.chain = 'eip155:31337'
    const again = load(storage, networks, [wallet])
    expect(again.getState().activeNetwork.caipNetworkId).toBe('eip155:31338')
    await reconnect(again)
    // Switching would prompt on page load; the wallet's chain is where it signs, so it is shown.
    expect(wallet.switchRequests).toEqual(['eip155:31338'])
    expect(again.getState().activeNetwork.caipNetworkId).toBe('eip155:31337')
    expect(again.getState().unsupportedNetwork).toBe(false)
    expect(storage.getItem('activeNetworkByNamespace')).toEqual({ eip155: 'eip155:31337' })
  })
})
