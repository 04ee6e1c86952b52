import { describe, expect, it } from 'vitest'
import { anvil, solanaDevnet, solanaTestnet } from '../networks.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import { createTestFoyer } from '../test-utils.ts'
import type { Adapter, Connector, ConnectorAccount } from '../types/connector.ts'
import type { CaipNetworkId, ChainNamespace } from '../types/network.ts'
import { connect } from './connect.ts'
import { disconnect } from './disconnect.ts'
import { navigate } from './navigate.ts'
import { open } from './open.ts'
import { reconnect } from './reconnect.ts'
import { switchNetwork } from './switchNetwork.ts'

const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/**
 * A wallet session spanning eip155 and solana, like a WalletConnect session: one approval yields
 * accounts in both namespaces, one disconnect ends both.
 */
function createSessionAdapter(approved: readonly ChainNamespace[]) {
  const session = { connected: false, disconnects: 0 }
  const accountsOf: Record<string, ConnectorAccount> = {
    eip155: { address: evmAddress, type: 'eoa' },
    solana: { address: solanaAddress, type: 'eoa' },
  }
  const networkOf: Record<string, CaipNetworkId> = {
    eip155: 'eip155:31337',
    solana: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  }
  const connectorFor = (namespace: ChainNamespace): Connector => {
    const accounts = async () =>
      session.connected && approved.includes(namespace) ? [accountsOf[namespace]!] : []
    return {
      id: namespace === 'eip155' ? 'session' : `session:${namespace}`,
      name: 'Session Wallet',
      type: 'walletConnect',
      namespace,
      group: 'session',
      async connect() {
        session.connected = true
        return { accounts: await accounts(), caipNetworkId: networkOf[namespace]! }
      },
      async disconnect() {
        session.connected = false
        session.disconnects++
      },
      getAccounts: accounts,
      getCaipNetworkId: async () => networkOf[namespace]!,
      async switchNetwork({ network }) {
        networkOf[namespace] = network.caipNetworkId
      },
      async request() {},
      on() {},
      off() {},
    }
  }
  const connectors = [connectorFor('eip155'), connectorFor('solana')]
  const adapter: Adapter = {
    namespace: 'eip155',
    namespaces: ['eip155', 'solana'],
    setup: ({ onConnectorsChange }) => {
      onConnectorsChange(connectors)
      return () => {}
    },
    getConnectors: () => connectors,
  }
  return { adapter, session }
}

const networks = [anvil, solanaDevnet] as const

describe('connect', () => {
  it('records every namespace a shared wallet session approved, keeping the chosen one active', async () => {
    const { adapter } = createSessionAdapter(['eip155', 'solana'])
    const foyer = createTestFoyer({ networks: [...networks], adapters: [adapter] })
    await connect(foyer, { connectorId: 'session' })
    const state = foyer.getState()
    expect(state.activeNamespace).toBe('eip155')
    expect(state.account.address).toBe(evmAddress)
    expect(state.connections.solana).toEqual([
      {
        connectorId: 'session:solana',
        accounts: [{ address: solanaAddress, type: 'eoa' }],
        status: 'active',
      },
    ])
    expect(state.networkByNamespace.solana?.caipNetworkId).toBe(networks[1].caipNetworkId)
  })

  it("puts the session's Solana side on the cluster the visitor chose before connecting", async () => {
    const { adapter } = createSessionAdapter(['eip155', 'solana'])
    const foyer = createTestFoyer({
      networks: [...networks, solanaTestnet],
      adapters: [adapter],
    })
    // Chosen before any wallet was connected; the session starts on its first cluster (devnet).
    await switchNetwork(foyer, { network: solanaTestnet })
    await connect(foyer, { connectorId: 'session' })
    const state = foyer.getState()
    expect(state.activeNamespace).toBe('eip155')
    expect(state.networkByNamespace.solana?.caipNetworkId).toBe(solanaTestnet.caipNetworkId)
    expect(await foyer.getConnector('session:solana')!.getCaipNetworkId()).toBe(
      solanaTestnet.caipNetworkId,
    )
  })

  it('leaves a namespace the session did not approve disconnected', async () => {
    const { adapter } = createSessionAdapter(['eip155'])
    const foyer = createTestFoyer({ networks: [...networks], adapters: [adapter] })
    await connect(foyer, { connectorId: 'session' })
    expect(foyer.getState().connections.solana).toBeUndefined()
  })

  it('restores both namespaces of a shared session on reload', async () => {
    const { adapter, session } = createSessionAdapter(['eip155', 'solana'])
    const storage = createStorage({ storage: createMemoryStorage() })
    const first = createTestFoyer({ networks: [...networks], adapters: [adapter], storage })
    await connect(first, { connectorId: 'session' })
    first.destroy()
    expect(session.connected).toBe(true)
    const reloaded = createTestFoyer({ networks: [...networks], adapters: [adapter], storage })
    await reconnect(reloaded)
    expect(reloaded.getState().connections.solana?.[0]?.accounts[0]?.address).toBe(solanaAddress)
    expect(reloaded.getState().account.address).toBe(evmAddress)
  })

  it('returns to ProfileWallets when the visitor came from it to add another wallet', async () => {
    const { adapter } = createSessionAdapter(['eip155'])
    const foyer = createTestFoyer({
      networks: [...networks],
      adapters: [adapter],
      features: { multiWallet: true },
    })
    open(foyer, { view: 'Account' })
    navigate(foyer, { view: 'ProfileWallets' })
    navigate(foyer, { view: 'Connect', data: { namespace: 'eip155' } })
    navigate(foyer, { view: 'ConnectingExternal', data: { connectorId: 'session' } })
    await connect(foyer, { connectorId: 'session' })
    expect(foyer.getState().dialog).toMatchObject({ open: true, view: 'ProfileWallets' })
    expect(foyer.getState().dialog.history.map((route) => route.view)).toEqual([
      'Account',
      'ProfileWallets',
    ])
  })

  it('closes the dialog after a connect that did not start from ProfileWallets', async () => {
    const { adapter } = createSessionAdapter(['eip155'])
    const foyer = createTestFoyer({ networks: [...networks], adapters: [adapter] })
    open(foyer, { view: 'Connect' })
    navigate(foyer, { view: 'ConnectingExternal', data: { connectorId: 'session' } })
    await connect(foyer, { connectorId: 'session' })
    expect(foyer.getState().dialog.open).toBe(false)
  })
})

describe('disconnect', () => {
  it('forgets the linked namespaces of a session once the session ends', async () => {
    const { adapter, session } = createSessionAdapter(['eip155', 'solana'])
    const foyer = createTestFoyer({ networks: [...networks], adapters: [adapter] })
    await connect(foyer, { connectorId: 'session' })
    await disconnect(foyer)
    expect(session.disconnects).toBe(1)
    expect(foyer.getState().connections).toEqual({})
    expect(foyer.getState().status).toBe('disconnected')
  })
})
