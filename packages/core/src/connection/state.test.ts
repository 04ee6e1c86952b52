import { describe, expect, it } from 'vitest'
import { disconnect } from '../actions/disconnect.ts'
import { navigate } from '../actions/navigate.ts'
import { open } from '../actions/open.ts'
import { reconnect } from '../actions/reconnect.ts'
import { switchNetwork } from '../actions/switchNetwork.ts'
import { createEmitter } from '../emitter.ts'
import { anvil, anvilB, solanaDevnet, solanaTestnet } from '../networks.ts'
import { initialSendState } from '../send/initialSendState.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import { createTestFoyer } from '../test-utils.ts'
import type { FoyerConfig } from '../types/config.ts'
import type { Adapter, Connector, ConnectorAccount, ConnectorEventMap } from '../types/connector.ts'
import type { FoyerEventWithTimestamp } from '../types/events.ts'
import type { CaipNetworkId, ChainNamespace } from '../types/network.ts'
import type { TokenBalance } from '../types/state.ts'
import {
  MAX_DISCONNECTED_CONNECTIONS,
  restoreDisconnectedConnections,
} from './disconnectedConnections.ts'
import {
  applyConnection,
  followNetworkSupport,
  getActiveConnection,
  hasLiveConnection,
  persistConnections,
  removeConnection,
  restoreConnection,
  settleReconnectStatus,
  toChosenNetwork,
  updateNetwork,
  watchConnector,
} from './state.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const carol = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const token: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}

type Wallet = ReturnType<typeof wallet>

/** A wallet whose events the test fires, as an extension fires them. */
function wallet(
  id: string,
  options: {
    namespace?: 'eip155' | 'solana'
    address?: string
    network?: CaipNetworkId
    failing?: boolean
    refusesSwitch?: boolean
  } = {},
) {
  const namespace = options.namespace ?? 'eip155'
  const emitter = createEmitter<ConnectorEventMap>()
  const state = {
    accounts: [{ address: options.address ?? alice, type: 'eoa' }] as readonly ConnectorAccount[],
    network: options.network ?? ('eip155:31337' as CaipNetworkId),
    switches: [] as CaipNetworkId[],
  }
  const connector: Connector = {
    id,
    name: `Wallet ${id}`,
    icon: `data:image/svg+xml,${id}`,
    type: 'announced',
    namespace,
    connect: async () => ({ accounts: state.accounts, caipNetworkId: state.network }),
    async disconnect() {},
    async getAccounts() {
      if (options.failing) throw new Error('The wallet is locked')
      return state.accounts
    },
    getCaipNetworkId: async () => state.network,
    async switchNetwork({ network }) {
      state.switches.push(network.caipNetworkId)
      if (options.refusesSwitch) throw new Error('Unknown cluster')
      state.network = network.caipNetworkId
    },
    async request() {},
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
  }
  return { id, connector, emitter, state }
}

function setup(wallets: readonly Wallet[], config: Partial<FoyerConfig> = {}) {
  const byNamespace = new Map<ChainNamespace, Connector[]>()
  for (const { connector } of wallets)
    byNamespace.set(connector.namespace, [
      ...(byNamespace.get(connector.namespace) ?? []),
      connector,
    ])
  const adapters: Adapter[] = [...byNamespace].map(([namespace, connectors]) => ({
    namespace,
    setup: ({ onConnectorsChange }) => {
      onConnectorsChange(connectors)
      return () => {}
    },
    getConnectors: () => connectors,
  }))
  const storage = createStorage({ storage: createMemoryStorage() })
  const foyer = createTestFoyer({ adapters, storage, ...config })
  const events: FoyerEventWithTimestamp[] = []
  foyer.subscribeEvents((event) => events.push(event))
  return { foyer, storage, events }
}

const connectWallet = (
  foyer: ReturnType<typeof setup>['foyer'],
  { connector, state }: Wallet,
  options: { active?: boolean; focus?: boolean } = {},
) =>
  applyConnection(foyer, {
    connector,
    accounts: state.accounts,
    caipNetworkId: state.network,
    ...options,
  })

describe('connection state', () => {
  it('finds the active connection by its status, not by its place in the list', () => {
    const { foyer } = setup([])
    const state = foyer.getState()
    const connections = {
      eip155: [
        { connectorId: 'first', accounts: [], status: 'connected' as const },
        { connectorId: 'second', accounts: [], status: 'active' as const },
      ],
    }
    expect(getActiveConnection({ ...state, connections })?.connectorId).toBe('second')
    expect(getActiveConnection({ ...state, connections }, 'solana')).toBeUndefined()
    const none = { eip155: [{ connectorId: 'x', accounts: [], status: 'connected' as const }] }
    expect(getActiveConnection({ ...state, connections: none })).toBeUndefined()
    expect(
      getActiveConnection({ ...state, connections, activeNamespace: undefined }),
    ).toBeUndefined()
  })

  it('shows a new address without the balance and profile of the previous one', () => {
    const first = wallet('first', { address: alice })
    const second = wallet('second', { address: bob })
    const { foyer } = setup([first, second])
    connectWallet(foyer, first)
    foyer.store.setState({
      account: {
        ...foyer.getState().account,
        balance: '1.000',
        balanceSymbol: 'ETH',
        profileName: 'alice.foyer',
        profileImage: 'http://127.0.0.1/alice.png',
      },
    })
    // The same address again (a reconnect) keeps what was loaded for it.
    connectWallet(foyer, first)
    expect(foyer.getState().account).toMatchObject({
      address: alice,
      caipAddress: `eip155:31337:${alice}`,
      balance: '1.000',
      balanceSymbol: 'ETH',
      profileName: 'alice.foyer',
      profileImage: 'http://127.0.0.1/alice.png',
    })
    connectWallet(foyer, second)
    expect(foyer.getState().account).toMatchObject({
      address: bob,
      caipAddress: `eip155:31337:${bob}`,
      balance: undefined,
      balanceSymbol: undefined,
      profileName: undefined,
      profileImage: undefined,
      user: { accounts: [{ address: bob, type: 'eoa' }] },
      connectedWalletInfo: {
        name: 'Wallet second',
        icon: 'data:image/svg+xml,second',
        connectorId: 'second',
      },
    })
  })

  it('records the connection, its network and the status, and remembers them for a reload', () => {
    const evm = wallet('evm', { network: 'eip155:31338' })
    const { foyer, storage } = setup([evm])
    connectWallet(foyer, evm)
    const state = foyer.getState()
    expect(state).toMatchObject({
      status: 'connected',
      activeNamespace: 'eip155',
      activeNetwork: { caipNetworkId: 'eip155:31338' },
      networkByNamespace: { eip155: { caipNetworkId: 'eip155:31338' } },
      unsupportedNetwork: false,
      connections: {
        eip155: [{ connectorId: 'evm', accounts: evm.state.accounts, status: 'active' }],
      },
    })
    expect(state.account.caipAddress).toBe(`eip155:31338:${alice}`)
    expect(state.account.preferredAccountType).toBe('smartAccount')
    expect(storage.getItem('connectedConnectors')).toEqual({ eip155: ['evm'] })
    expect(storage.getItem('activeNamespace')).toBe('eip155')
    expect(storage.getItem('activeNetworkByNamespace')).toEqual({ eip155: 'eip155:31338' })
  })

  it('flags a wallet on a network the app does not list, keeping the current network', () => {
    const evm = wallet('evm', { network: 'eip155:1' })
    const { foyer } = setup([evm])
    connectWallet(foyer, evm)
    expect(foyer.getState()).toMatchObject({
      unsupportedNetwork: true,
      activeNetwork: { caipNetworkId: 'eip155:31337' },
    })
    expect(foyer.getState().account.caipAddress).toBe(`eip155:1:${alice}`)
  })

  it('keeps the send form within a namespace and empties it for a wallet of another one', () => {
    const evm = wallet('evm')
    const sol = wallet('sol', {
      namespace: 'solana',
      address: solanaAddress,
      network: solanaDevnet.caipNetworkId,
    })
    const { foyer } = setup([evm, sol], { networks: [anvil, solanaDevnet] })
    const filled = { ...initialSendState, token, sendTokenAmount: '1' }
    foyer.store.setState({ send: filled })
    connectWallet(foyer, evm)
    expect(foyer.getState().send).toEqual(filled)
    connectWallet(foyer, sol)
    expect(foyer.getState().send).toEqual(initialSendState)
    expect(foyer.getState().activeNamespace).toBe('solana')
  })

  it('shows no address for a connection that has no account yet', () => {
    const evm = wallet('evm')
    evm.state.accounts = []
    const { foyer } = setup([evm])
    connectWallet(foyer, evm)
    expect(foyer.getState().connections.eip155).toEqual([
      { connectorId: 'evm', accounts: [], status: 'active' },
    ])
    expect(foyer.getState().account).toMatchObject({
      address: undefined,
      caipAddress: undefined,
      user: undefined,
      preferredAccountType: 'smartAccount',
    })
  })

  it.each([
    ['a deployed smart account', [{ address: alice, type: 'smartAccount', deployed: true }], true],
    [
      'a counterfactual smart account',
      [{ address: alice, type: 'smartAccount', deployed: false }],
      false,
    ],
    [
      'a smart account the wallet says nothing about',
      [{ address: alice, type: 'smartAccount' }],
      false,
    ],
    ['an EOA, even one flagged deployed', [{ address: alice, type: 'eoa', deployed: true }], false],
    [
      'the smart account shown beside a deployed EOA',
      [
        { address: bob, type: 'eoa', deployed: true },
        { address: alice, type: 'smartAccount', deployed: false },
      ],
      false,
    ],
  ] as const)('reports smartAccountDeployed for %s', (_, accounts, deployed) => {
    const evm = wallet('evm')
    evm.state.accounts = accounts as readonly ConnectorAccount[]
    const { foyer } = setup([evm])
    connectWallet(foyer, evm)
    expect(foyer.getState().account.address).toBe(alice)
    expect(foyer.getState().account.smartAccountDeployed).toBe(deployed)
  })

  it('opens Unsupported Chain for a wallet on an unlisted network, even before it shares an address', () => {
    const { foyer } = setup([])
    followNetworkSupport(foyer, 'eip155:1', false)
    expect(foyer.getState().dialog).toMatchObject({ open: true, view: 'UnsupportedChain' })
  })

  describe('with one wallet per namespace (the default)', () => {
    it('replaces the previous wallet and stops following its events', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer } = setup([first, second])
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      expect(foyer.getState().connections.eip155).toEqual([
        { connectorId: 'second', accounts: second.state.accounts, status: 'active' },
      ])
      expect(first.emitter.listenerCount('accountsChanged')).toBe(0)
      first.emitter.emit('disconnect', {})
      expect(foyer.getState().account.address).toBe(bob)
      expect(second.emitter.listenerCount('accountsChanged')).toBe(1)
    })
  })

  describe('with several wallets per namespace (features.multiWallet)', () => {
    const multiWallet = { features: { multiWallet: true } } as Partial<FoyerConfig>

    it('keeps the other wallets connected behind the active one, and persists the active first', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const third = wallet('third', { address: carol })
      const { foyer, storage } = setup([first, second, third], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      expect(foyer.getState().connections.eip155).toEqual([
        { connectorId: 'second', accounts: second.state.accounts, status: 'active' },
        { connectorId: 'first', accounts: first.state.accounts, status: 'connected' },
      ])
      expect(foyer.getState().account.address).toBe(bob)
      // Both stay watched: the background wallet's events still count.
      expect(first.emitter.listenerCount('accountsChanged')).toBe(1)
      // A wallet added in the background leaves the active one active.
      connectWallet(foyer, third, { active: false })
      expect(foyer.getState().connections.eip155).toEqual([
        { connectorId: 'third', accounts: third.state.accounts, status: 'connected' },
        { connectorId: 'second', accounts: second.state.accounts, status: 'active' },
        { connectorId: 'first', accounts: first.state.accounts, status: 'connected' },
      ])
      expect(foyer.getState().account.address).toBe(bob)
      expect(storage.getItem('connectedConnectors')).toEqual({
        eip155: ['second', 'third', 'first'],
      })
      // Connecting an already connected wallet again moves it to the front, once.
      connectWallet(foyer, first)
      expect(foyer.getState().connections.eip155?.map((c) => [c.connectorId, c.status])).toEqual([
        ['first', 'active'],
        ['third', 'connected'],
        ['second', 'connected'],
      ])
      expect(storage.getItem('connectedConnectors')).toEqual({
        eip155: ['first', 'third', 'second'],
      })
    })

    it('hands over to the next wallet when the active one disconnects, keeping it listed', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer, events, storage } = setup([first, second], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      second.emitter.emit('disconnect', {})
      expect(foyer.getState().connections.eip155).toEqual([
        { connectorId: 'first', accounts: first.state.accounts, status: 'active' },
        { connectorId: 'second', accounts: second.state.accounts, status: 'disconnected' },
      ])
      expect(foyer.getState()).toMatchObject({
        status: 'connected',
        account: {
          address: alice,
          connectedWalletInfo: { connectorId: 'first', name: 'Wallet first' },
        },
      })
      expect(events.at(-1)).toMatchObject({
        type: 'DISCONNECT_SUCCESS',
        data: { namespace: 'eip155', connectorId: 'second' },
      })
      expect(second.emitter.listenerCount('disconnect')).toBe(0)
      expect(storage.getItem('connectedConnectors')).toEqual({ eip155: ['first'] })
      expect(storage.getItem('connections')).toEqual({
        eip155: [{ connectorId: 'second', accounts: second.state.accounts }],
      })
    })

    it('keeps the active wallet when a background one disconnects', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer } = setup([first, second], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      first.emitter.emit('disconnect', {})
      expect(foyer.getState().connections.eip155).toEqual([
        { connectorId: 'second', accounts: second.state.accounts, status: 'active' },
        { connectorId: 'first', accounts: first.state.accounts, status: 'disconnected' },
      ])
      expect(foyer.getState().account.address).toBe(bob)
    })

    it('hands over to a wallet added in the background when the active one disconnects', () => {
      const first = wallet('first', { address: alice })
      const later = wallet('later', { address: carol })
      const { foyer } = setup([first, later], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, later, { active: false })
      first.emitter.emit('disconnect', {})
      expect(foyer.getState().connections.eip155).toEqual([
        { connectorId: 'later', accounts: later.state.accounts, status: 'active' },
        { connectorId: 'first', accounts: first.state.accounts, status: 'disconnected' },
      ])
      expect(foyer.getState().account.address).toBe(carol)
    })

    it('keeps the active wallet active whichever background wallet leaves', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const third = wallet('third', { address: carol })
      const { foyer } = setup([first, second, third], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      connectWallet(foyer, third, { active: false })
      // [third (connected), second (active), first (connected)]
      first.emitter.emit('disconnect', {})
      expect(foyer.getState().connections.eip155?.map((c) => [c.connectorId, c.status])).toEqual([
        ['third', 'connected'],
        ['second', 'active'],
        ['first', 'disconnected'],
      ])
      expect(foyer.getState().account.address).toBe(bob)
    })

    it('keeps showing the active wallet when a wallet listed before it leaves', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const third = wallet('third', { address: carol })
      const { foyer } = setup([first, second, third], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      connectWallet(foyer, third, { active: false })
      // [third (connected), second (active), first (connected)]
      first.emitter.emit('disconnect', {})
      expect(foyer.getState().account.connectedWalletInfo).toMatchObject({
        connectorId: 'second',
        name: 'Wallet second',
      })
    })

    it('hands over to the next connected wallet, never to a disconnected entry', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer } = setup([first, second], multiWallet)
      connectWallet(foyer, second)
      connectWallet(foyer, first)
      const [active, background] = foyer.getState().connections.eip155 ?? []
      foyer.store.setState({
        connections: {
          eip155: [
            active!,
            { connectorId: 'old', accounts: [], status: 'disconnected' },
            background!,
          ],
        },
      })
      first.emitter.emit('disconnect', {})
      // Live wallets first, then the disconnected ones, the one that just left first.
      expect(foyer.getState().connections.eip155?.map((c) => [c.connectorId, c.status])).toEqual([
        ['second', 'active'],
        ['first', 'disconnected'],
        ['old', 'disconnected'],
      ])
      expect(foyer.getState().account).toMatchObject({
        address: bob,
        connectedWalletInfo: { connectorId: 'second' },
      })
    })

    it("keeps the app's address labels when the last wallet leaves", () => {
      const first = wallet('first', { address: alice })
      const { foyer } = setup([first], { ...multiWallet, addressLabels: { [alice]: 'Treasury' } })
      expect(foyer.getState().account.addressLabels).toEqual({ [alice]: 'Treasury' })
      connectWallet(foyer, first)
      first.emitter.emit('disconnect', {})
      expect(foyer.getState().account).toMatchObject({
        address: undefined,
        addressLabels: { [alice]: 'Treasury' },
      })
    })

    it('changes only the accounts of the wallet that reported them', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer, events } = setup([first, second], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      first.emitter.emit('accountsChanged', { accounts: [{ address: carol, type: 'eoa' }] })
      expect(foyer.getState().connections.eip155).toEqual([
        { connectorId: 'second', accounts: second.state.accounts, status: 'active' },
        { connectorId: 'first', accounts: [{ address: carol, type: 'eoa' }], status: 'connected' },
      ])
      expect(foyer.getState().account.address).toBe(bob)
      expect(events.at(-1)).toMatchObject({ type: 'ACCOUNTS_CHANGED', data: { address: carol } })
    })

    it('leaves a disconnected entry disconnected when another wallet becomes active', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer } = setup([first, second], multiWallet)
      connectWallet(foyer, first)
      foyer.store.setState({
        connections: {
          eip155: [
            ...(foyer.getState().connections.eip155 ?? []),
            { connectorId: 'old', accounts: [], status: 'disconnected' },
          ],
        },
      })
      connectWallet(foyer, second)
      expect(foyer.getState().connections.eip155?.map((c) => [c.connectorId, c.status])).toEqual([
        ['second', 'active'],
        ['first', 'connected'],
        ['old', 'disconnected'],
      ])
    })

    it('ignores the network changes of a background wallet while none of its namespace is active', () => {
      const later = wallet('later')
      const { foyer } = setup([later], multiWallet)
      connectWallet(foyer, later, { active: false })
      later.emitter.emit('chainChanged', { caipNetworkId: 'eip155:1' })
      expect(foyer.getState()).toMatchObject({ unsupportedNetwork: false, dialog: { open: false } })
    })

    it('does not persist disconnected connections', () => {
      const first = wallet('first')
      const { foyer, storage } = setup([first], multiWallet)
      connectWallet(foyer, first)
      foyer.store.setState({
        connections: {
          eip155: [
            { connectorId: 'gone', accounts: [], status: 'disconnected' },
            ...(foyer.getState().connections.eip155 ?? []),
          ],
          solana: [{ connectorId: 'gone-too', accounts: [], status: 'disconnected' }],
        },
      })
      foyer._internal.pendingReconnects = { solana: ['late'], eip155: ['first', 'later'] }
      persistConnections(foyer)
      expect(storage.getItem('connectedConnectors')).toEqual({
        eip155: ['first', 'later'],
        solana: ['late'],
      })
      foyer._internal.pendingReconnects = { solana: [] }
      persistConnections(foyer)
      expect(storage.getItem('connectedConnectors')).toEqual({ eip155: ['first'] })
    })
  })

  describe('connector events', () => {
    it("follows the wallet's accounts (accountsChanged) and announces them", () => {
      const evm = wallet('evm', { address: alice })
      const { foyer, events, storage } = setup([evm])
      connectWallet(foyer, evm)
      foyer.store.setState({
        account: { ...foyer.getState().account, balance: '1.000', profileName: 'alice.foyer' },
      })
      evm.emitter.emit('accountsChanged', { accounts: [{ address: bob, type: 'eoa' }] })
      expect(foyer.getState().connections.eip155).toEqual([
        { connectorId: 'evm', accounts: [{ address: bob, type: 'eoa' }], status: 'active' },
      ])
      expect(foyer.getState().account).toMatchObject({
        address: bob,
        caipAddress: `eip155:31337:${bob}`,
        balance: undefined,
        profileName: undefined,
      })
      expect(events.at(-1)).toMatchObject({
        type: 'ACCOUNTS_CHANGED',
        data: { address: bob, namespace: 'eip155' },
      })
      expect(storage.getItem('connectedConnectors')).toEqual({ eip155: ['evm'] })
    })

    it('keeps the address on the chain the wallet is on when its accounts change', () => {
      const evm = wallet('evm', { address: alice, network: 'eip155:1' })
      const { foyer } = setup([evm], { allowUnsupportedChain: true })
      connectWallet(foyer, evm)
      evm.emitter.emit('accountsChanged', { accounts: [{ address: bob, type: 'eoa' }] })
      expect(foyer.getState().account.caipAddress).toBe(`eip155:1:${bob}`)
    })

    it('disconnects when the wallet reports no account any more', () => {
      const evm = wallet('evm')
      const { foyer, events, storage } = setup([evm])
      connectWallet(foyer, evm)
      evm.emitter.emit('accountsChanged', { accounts: [] })
      expect(foyer.getState()).toMatchObject({
        status: 'disconnected',
        connections: {},
        account: {
          address: undefined,
          caipAddress: undefined,
          preferredAccountType: 'smartAccount',
        },
      })
      expect(events.at(-1)).toMatchObject({
        type: 'ACCOUNTS_CHANGED',
        data: { address: undefined, namespace: 'eip155' },
      })
      expect(storage.getItem('connectedConnectors')).toEqual({})
    })

    it('forgets the wallet on its disconnect event, and ignores it afterwards', () => {
      const evm = wallet('evm')
      const { foyer, events } = setup([evm])
      connectWallet(foyer, evm)
      foyer.store.setState({ unsupportedNetwork: true })
      evm.emitter.emit('disconnect', {})
      expect(foyer.getState()).toMatchObject({
        status: 'disconnected',
        connections: {},
        unsupportedNetwork: false,
        account: { address: undefined },
      })
      expect(events.filter((event) => event.type === 'DISCONNECT_SUCCESS')).toHaveLength(1)
      for (const name of ['accountsChanged', 'chainChanged', 'disconnect'] as const)
        expect(evm.emitter.listenerCount(name), name).toBe(0)
      evm.emitter.emit('accountsChanged', { accounts: [{ address: bob, type: 'eoa' }] })
      expect(foyer.getState().account.address).toBeUndefined()
    })

    it('marks the wallet as reconnecting while its link is down, still connected', () => {
      const evm = wallet('evm')
      const { foyer } = setup([evm])
      connectWallet(foyer, evm)
      evm.emitter.emit('linkChanged', { status: 'reconnecting' })
      evm.emitter.emit('linkChanged', { status: 'reconnecting' })
      expect(foyer.getState()).toMatchObject({
        status: 'connected',
        reconnectingConnectors: ['evm'],
        account: { address: alice },
      })
      evm.emitter.emit('linkChanged', { status: 'connected' })
      expect(foyer.getState().reconnectingConnectors).toEqual([])
    })

    it("keeps another wallet's reconnecting mark when one wallet's link comes back", () => {
      const evm = wallet('evm')
      const sol = wallet('sol', {
        namespace: 'solana',
        address: solanaAddress,
        network: solanaDevnet.caipNetworkId,
      })
      const { foyer } = setup([evm, sol], { networks: [anvil, solanaDevnet] })
      connectWallet(foyer, evm)
      connectWallet(foyer, sol, { focus: false })
      evm.emitter.emit('linkChanged', { status: 'reconnecting' })
      sol.emitter.emit('linkChanged', { status: 'reconnecting' })
      expect(foyer.getState().reconnectingConnectors).toEqual(['evm', 'sol'])
      evm.emitter.emit('linkChanged', { status: 'connected' })
      expect(foyer.getState().reconnectingConnectors).toEqual(['sol'])
    })

    it('stops showing a wallet as reconnecting once it is disconnected', () => {
      const evm = wallet('evm')
      const { foyer } = setup([evm])
      connectWallet(foyer, evm)
      evm.emitter.emit('linkChanged', { status: 'reconnecting' })
      evm.emitter.emit('disconnect', {})
      expect(foyer.getState().reconnectingConnectors).toEqual([])
      expect(evm.emitter.listenerCount('linkChanged')).toBe(0)
    })

    it('keeps the other namespace connected when one wallet leaves', () => {
      const evm = wallet('evm')
      const sol = wallet('sol', {
        namespace: 'solana',
        address: solanaAddress,
        network: solanaDevnet.caipNetworkId,
      })
      const { foyer } = setup([evm, sol], { networks: [anvil, solanaDevnet] })
      connectWallet(foyer, evm)
      connectWallet(foyer, sol, { focus: false })
      foyer.store.setState({ unsupportedNetwork: true })
      sol.emitter.emit('disconnect', {})
      expect(foyer.getState()).toMatchObject({
        status: 'connected',
        activeNamespace: 'eip155',
        unsupportedNetwork: true,
        account: { address: alice },
      })
      expect(foyer.getState().connections.solana).toBeUndefined()
    })

    it('follows the active wallet to another network (chainChanged)', () => {
      const evm = wallet('evm')
      const { foyer, storage } = setup([evm])
      connectWallet(foyer, evm)
      evm.emitter.emit('chainChanged', { caipNetworkId: 'eip155:31338' })
      expect(foyer.getState()).toMatchObject({
        activeNetwork: { caipNetworkId: 'eip155:31338' },
        networkByNamespace: { eip155: { caipNetworkId: 'eip155:31338' } },
        unsupportedNetwork: false,
        account: { caipAddress: `eip155:31338:${alice}` },
      })
      expect(storage.getItem('activeNetworkByNamespace')).toEqual({ eip155: 'eip155:31338' })
    })

    it('opens Unsupported Chain for a network the app does not list, and closes it on the way back', () => {
      const evm = wallet('evm')
      const { foyer, events } = setup([evm])
      connectWallet(foyer, evm)
      evm.emitter.emit('chainChanged', { caipNetworkId: 'eip155:1' })
      expect(foyer.getState()).toMatchObject({
        unsupportedNetwork: true,
        activeNetwork: { caipNetworkId: 'eip155:31337' },
        networkByNamespace: { eip155: { caipNetworkId: 'eip155:31337' } },
        account: { caipAddress: `eip155:1:${alice}` },
        dialog: { open: true, view: 'UnsupportedChain' },
      })
      expect(events.map((event) => event.type)).toContain('UNSUPPORTED_NETWORK')
      expect(events.find((event) => event.type === 'UNSUPPORTED_NETWORK')).toMatchObject({
        data: { caipNetworkId: 'eip155:1' },
      })
      evm.emitter.emit('chainChanged', { caipNetworkId: 'eip155:31337' })
      expect(foyer.getState()).toMatchObject({
        unsupportedNetwork: false,
        dialog: { open: false },
      })
    })

    it('ignores network changes of a wallet that is not the active one', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const sol = wallet('sol', {
        namespace: 'solana',
        address: solanaAddress,
        network: solanaDevnet.caipNetworkId,
      })
      const { foyer, events } = setup([first, second, sol], {
        networks: [anvil, anvilB, solanaDevnet],
        features: { multiWallet: true },
      } as Partial<FoyerConfig>)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      first.emitter.emit('chainChanged', { caipNetworkId: 'eip155:1' })
      expect(
        updateNetwork(foyer, { connector: first.connector, caipNetworkId: 'eip155:31338' }),
      ).toBeUndefined()
      // The active wallet of a namespace that is not the active one does not move the visitor.
      connectWallet(foyer, sol)
      expect(
        updateNetwork(foyer, { connector: second.connector, caipNetworkId: 'eip155:31338' }),
      ).toBeUndefined()
      expect(foyer.getState()).toMatchObject({
        unsupportedNetwork: false,
        activeNamespace: 'solana',
        networkByNamespace: { eip155: { caipNetworkId: 'eip155:31337' } },
        dialog: { open: false },
      })
      expect(events.map((event) => event.type)).not.toContain('UNSUPPORTED_NETWORK')
    })

    it('leaves Unsupported Chain open where the app allows unsupported chains', () => {
      const evm = wallet('evm')
      const { foyer, events } = setup([evm], { allowUnsupportedChain: true })
      connectWallet(foyer, evm)
      evm.emitter.emit('chainChanged', { caipNetworkId: 'eip155:1' })
      expect(foyer.getState().unsupportedNetwork).toBe(true)
      expect(foyer.getState().dialog.open).toBe(false)
      expect(events.map((event) => event.type)).toContain('UNSUPPORTED_NETWORK')
    })

    it('closes only the Unsupported Chain view when the network is supported again', () => {
      const { foyer } = setup([])
      open(foyer, { view: 'Account' })
      followNetworkSupport(foyer, 'eip155:31337', true)
      expect(foyer.getState().dialog).toMatchObject({ open: true, view: 'Account' })
      foyer.store.setState({ dialog: { ...foyer.getState().dialog, open: false } })
      foyer.store.setState({
        dialog: { ...foyer.getState().dialog, open: false, view: 'UnsupportedChain' },
      })
      followNetworkSupport(foyer, 'eip155:31337', true)
      expect(foyer.getState().dialog).toMatchObject({ open: false, view: 'UnsupportedChain' })
    })

    it('listens to a connector once, however often it connects', () => {
      const evm = wallet('evm')
      const { foyer, events } = setup([evm])
      connectWallet(foyer, evm)
      watchConnector(foyer, evm.connector)
      connectWallet(foyer, evm)
      for (const name of ['accountsChanged', 'chainChanged', 'disconnect'] as const)
        expect(evm.emitter.listenerCount(name), name).toBe(1)
      evm.emitter.emit('accountsChanged', { accounts: [{ address: bob, type: 'eoa' }] })
      expect(events.filter((event) => event.type === 'ACCOUNTS_CHANGED')).toHaveLength(1)
    })
  })

  describe('removeConnection', () => {
    it('forgets an unknown wallet without touching the others', () => {
      const evm = wallet('evm')
      const { foyer } = setup([evm])
      connectWallet(foyer, evm)
      removeConnection(foyer, { namespace: 'eip155', connectorId: 'unknown' })
      removeConnection(foyer, { namespace: 'solana', connectorId: 'unknown' })
      expect(foyer.getState()).toMatchObject({
        status: 'connected',
        connections: { eip155: [{ connectorId: 'evm', status: 'active' }] },
        account: { address: alice },
      })
      expect(Object.keys(foyer.getState().connections)).toEqual(['eip155'])
    })
  })

  describe('restoring a remembered wallet (reconnect)', () => {
    it('records it with its accounts and announces a reconnected CONNECT_SUCCESS', async () => {
      const evm = wallet('evm', { network: 'eip155:31338' })
      const { foyer, events } = setup([evm])
      const restored = await restoreConnection(foyer, {
        connector: evm.connector,
        active: true,
        focus: true,
      })
      expect(restored).toEqual({
        connectorId: 'evm',
        accounts: evm.state.accounts,
        status: 'active',
      })
      expect(foyer.getState()).toMatchObject({
        status: 'connected',
        activeNetwork: { caipNetworkId: 'eip155:31338' },
        account: { address: alice },
      })
      expect(events.at(-1)).toMatchObject({
        type: 'CONNECT_SUCCESS',
        data: {
          connectorId: 'evm',
          name: 'Wallet evm',
          namespace: 'eip155',
          address: alice,
          caipNetworkId: 'eip155:31338',
          reconnected: true,
        },
      })
      expect(foyer._internal.restoring).toBe(0)
    })

    it('restores a background wallet as connected, leaving the account alone', async () => {
      const evm = wallet('evm')
      const { foyer, storage } = setup([evm])
      const restored = await restoreConnection(foyer, {
        connector: evm.connector,
        active: false,
        focus: false,
      })
      expect(restored?.status).toBe('connected')
      expect(foyer.getState().connections.eip155?.[0]?.status).toBe('connected')
      expect(foyer.getState().account.address).toBeUndefined()
      expect(storage.getItem('connectedConnectors')).toEqual({ eip155: ['evm'] })
    })

    it('opens Unsupported Chain for a restored active wallet on an unlisted network only', async () => {
      const evm = wallet('evm', { network: 'eip155:1' })
      const background = wallet('background', { network: 'eip155:1' })
      const first = setup([evm])
      await restoreConnection(first.foyer, { connector: evm.connector, active: true, focus: true })
      expect(first.foyer.getState().dialog).toMatchObject({ open: true, view: 'UnsupportedChain' })

      for (const options of [
        { active: false, focus: true },
        { active: true, focus: false },
      ]) {
        const other = setup([background])
        await restoreConnection(other.foyer, { connector: background.connector, ...options })
        expect(other.foyer.getState().dialog.open, JSON.stringify(options)).toBe(false)
      }
      const supported = setup([wallet('fine')])
      await restoreConnection(supported.foyer, {
        connector: wallet('fine').connector,
        active: true,
        focus: true,
      })
      expect(supported.foyer.getState().dialog.open).toBe(false)
    })

    it('forgets a wallet without accounts or that fails to answer', async () => {
      const empty = wallet('empty')
      empty.state.accounts = []
      const failing = wallet('failing', { failing: true })
      const { foyer, events, storage } = setup([empty, failing])
      storage.setItem('connectedConnectors', { eip155: ['empty', 'failing'] })
      for (const { connector } of [empty, failing])
        expect(await restoreConnection(foyer, { connector, active: true, focus: true })).toBe(
          undefined,
        )
      expect(foyer.getState().connections).toEqual({})
      expect(events).toEqual([])
      expect(foyer._internal.restoring).toBe(0)
      expect(storage.getItem('connectedConnectors')).toEqual({})
    })

    it('counts the wallets being asked while they answer', async () => {
      const evm = wallet('evm')
      let answer: (accounts: readonly ConnectorAccount[]) => void = () => {}
      evm.connector.getAccounts = () => new Promise((resolve) => (answer = resolve))
      const { foyer } = setup([evm])
      const restoring = restoreConnection(foyer, {
        connector: evm.connector,
        active: true,
        focus: true,
      })
      expect(foyer._internal.restoring).toBe(1)
      answer(evm.state.accounts)
      await restoring
      expect(foyer._internal.restoring).toBe(0)
    })
  })

  describe('the network a restored wallet joins on', () => {
    it("puts a Solana wallet on the visitor's chosen cluster, silently", async () => {
      const sol = wallet('sol', {
        namespace: 'solana',
        address: solanaAddress,
        network: solanaDevnet.caipNetworkId,
      })
      const { foyer } = setup([sol], { networks: [solanaDevnet, solanaTestnet] })
      foyer.store.setState({ networkByNamespace: { solana: solanaTestnet } })
      expect(await toChosenNetwork(foyer, sol.connector)).toBe(solanaTestnet.caipNetworkId)
      expect(sol.state.switches).toEqual([solanaTestnet.caipNetworkId])
      // Already there: no switch.
      expect(await toChosenNetwork(foyer, sol.connector)).toBe(solanaTestnet.caipNetworkId)
      expect(sol.state.switches).toHaveLength(1)
    })

    it('keeps the cluster a connector cannot switch from, and never switches an EVM wallet', async () => {
      const sol = wallet('sol', {
        namespace: 'solana',
        address: solanaAddress,
        network: solanaDevnet.caipNetworkId,
        refusesSwitch: true,
      })
      const evm = wallet('evm', { network: 'eip155:31338' })
      const { foyer } = setup([sol, evm], {
        networks: [anvil, solanaDevnet, solanaTestnet],
      })
      foyer.store.setState({ networkByNamespace: { solana: solanaTestnet } })
      expect(await toChosenNetwork(foyer, sol.connector)).toBe(solanaDevnet.caipNetworkId)
      expect(await toChosenNetwork(foyer, evm.connector)).toBe('eip155:31338')
      expect(evm.state.switches).toEqual([])
    })
  })

  describe('the end of reconnect', () => {
    it("settles 'connecting' once nothing is being asked or awaited", () => {
      const evm = wallet('evm')
      const { foyer } = setup([evm])
      foyer.store.setState({ status: 'connecting' })
      settleReconnectStatus(foyer)
      expect(foyer.getState().status).toBe('disconnected')

      connectWallet(foyer, evm)
      foyer.store.setState({ status: 'connecting' })
      foyer._internal.restoring = 1
      settleReconnectStatus(foyer)
      expect(foyer.getState().status).toBe('connecting')
      foyer._internal.restoring = 0
      foyer._internal.timers.reconnect = setTimeout(() => {}, 0)
      settleReconnectStatus(foyer)
      expect(foyer.getState().status).toBe('connecting')
      clearTimeout(foyer._internal.timers.reconnect)
      foyer._internal.timers.reconnect = undefined
      foyer._internal.pendingConnect = { connectorId: 'evm', close: () => {} }
      settleReconnectStatus(foyer)
      expect(foyer.getState().status).toBe('connecting')
      foyer._internal.pendingConnect = undefined
      settleReconnectStatus(foyer)
      expect(foyer.getState().status).toBe('connected')
    })

    it("leaves a status other than 'connecting' alone", () => {
      const { foyer } = setup([])
      foyer.store.setState({ status: 'connected' })
      settleReconnectStatus(foyer)
      expect(foyer.getState().status).toBe('connected')
    })

    it('counts a namespace with an empty list as not connected', () => {
      const { foyer } = setup([])
      foyer.store.setState({ status: 'connecting', connections: { eip155: [] } })
      settleReconnectStatus(foyer)
      expect(foyer.getState().status).toBe('disconnected')
    })
  })

  describe('disconnected wallets (features.multiWallet)', () => {
    const multiWallet = { features: { multiWallet: true } } as Partial<FoyerConfig>
    const rows = (foyer: ReturnType<typeof setup>['foyer'], namespace: ChainNamespace = 'eip155') =>
      foyer.getState().connections[namespace]?.map((c) => [c.connectorId, c.status])

    it('keeps a wallet the visitor disconnects listed, and forgets it when asked a second time', async () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer, storage, events } = setup([first, second], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      await disconnect(foyer, { namespace: 'eip155', connectorId: 'second' })
      expect(rows(foyer)).toEqual([
        ['first', 'active'],
        ['second', 'disconnected'],
      ])
      expect(foyer.getState()).toMatchObject({ status: 'connected', account: { address: alice } })
      expect(storage.getItem('connectedConnectors')).toEqual({ eip155: ['first'] })
      expect(storage.getItem('connections')).toEqual({
        eip155: [{ connectorId: 'second', accounts: second.state.accounts }],
      })
      await disconnect(foyer, { namespace: 'eip155', connectorId: 'second' })
      expect(rows(foyer)).toEqual([['first', 'active']])
      expect(storage.getItem('connections')).toEqual({})
      // Forgetting ends no session: one disconnect was announced.
      expect(events.filter((event) => event.type === 'DISCONNECT_SUCCESS')).toHaveLength(1)
    })

    it('forgets none of the wallets when every one is disconnected', async () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer, storage } = setup([first, second], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      open(foyer)
      await disconnect(foyer, { namespace: 'eip155', connectorId: 'second' })
      await disconnect(foyer, { namespace: 'eip155', connectorId: 'first' })
      expect(rows(foyer)).toEqual([
        ['first', 'disconnected'],
        ['second', 'disconnected'],
      ])
      expect(foyer.getState()).toMatchObject({
        status: 'disconnected',
        account: { address: undefined },
        dialog: { open: false },
      })
      expect(storage.getItem('connectedConnectors')).toEqual({})
      expect(storage.getItem('connections')).toEqual({
        eip155: [
          { connectorId: 'first', accounts: first.state.accounts },
          { connectorId: 'second', accounts: second.state.accounts },
        ],
      })
    })

    it('forgets a wallet at once when asked to (Disconnect all), its linked ones too', async () => {
      const first = wallet('first', { address: alice })
      const evm = wallet('evm', { address: bob })
      const sol = wallet('sol', { namespace: 'solana', address: solanaAddress })
      evm.connector.group = 'session'
      sol.connector.group = 'session'
      const { foyer, storage, events } = setup([first, evm, sol], {
        ...multiWallet,
        networks: [anvil, solanaDevnet],
      })
      connectWallet(foyer, first)
      connectWallet(foyer, evm)
      connectWallet(foyer, sol, { focus: false })
      await disconnect(foyer, { namespace: 'eip155', connectorId: 'evm', forget: true })
      expect(rows(foyer)).toEqual([['first', 'active']])
      expect(rows(foyer, 'solana')).toBeUndefined()
      expect(storage.getItem('connections')).toEqual({})
      expect(events.filter((event) => event.type === 'DISCONNECT_SUCCESS')).toHaveLength(2)
      expect(foyer.getState()).toMatchObject({ status: 'connected', account: { address: alice } })
    })

    it('ends the linked connections of a session as disconnected too, and skips the ones already ended', async () => {
      const evm = wallet('evm')
      const sol = wallet('sol', { namespace: 'solana', address: solanaAddress })
      evm.connector.group = 'session'
      sol.connector.group = 'session'
      const { foyer } = setup([evm, sol], {
        ...multiWallet,
        networks: [anvil, solanaDevnet],
      })
      connectWallet(foyer, evm)
      connectWallet(foyer, sol, { focus: false })
      await disconnect(foyer, { namespace: 'eip155', connectorId: 'evm' })
      expect(rows(foyer)).toEqual([['evm', 'disconnected']])
      expect(rows(foyer, 'solana')).toEqual([['sol', 'disconnected']])
      expect(foyer.getState().status).toBe('disconnected')
    })

    it('keeps a wallet that withdraws every account listed as disconnected', () => {
      const first = wallet('first')
      const { foyer } = setup([first], multiWallet)
      connectWallet(foyer, first)
      first.emitter.emit('accountsChanged', { accounts: [] })
      expect(rows(foyer)).toEqual([['first', 'disconnected']])
      expect(foyer.getState()).toMatchObject({
        status: 'disconnected',
        account: { address: undefined },
      })
    })

    it('takes a disconnected wallet back in its place as the active one when it connects again', () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer, storage } = setup([first, second], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      second.emitter.emit('disconnect', {})
      connectWallet(foyer, second)
      expect(rows(foyer)).toEqual([
        ['second', 'active'],
        ['first', 'connected'],
      ])
      expect(storage.getItem('connections')).toEqual({})
      expect(second.emitter.listenerCount('disconnect')).toBe(1)
    })

    it(`remembers at most ${MAX_DISCONNECTED_CONNECTIONS} disconnected wallets per namespace, the most recent first`, () => {
      const wallets = Array.from({ length: MAX_DISCONNECTED_CONNECTIONS + 2 }, (_, index) =>
        wallet(`w${index}`),
      )
      const { foyer, storage } = setup(wallets, multiWallet)
      for (const each of wallets) connectWallet(foyer, each)
      for (const each of wallets) each.emitter.emit('disconnect', {})
      const expected = wallets
        .map((each) => each.id)
        .reverse()
        .slice(0, MAX_DISCONNECTED_CONNECTIONS)
      expect(foyer.getState().connections.eip155?.map((c) => c.connectorId)).toEqual(expected)
      expect(
        (storage.getItem('connections') as { eip155: { connectorId: string }[] }).eip155.map(
          (c) => c.connectorId,
        ),
      ).toEqual(expected)
      expect(foyer.getState().status).toBe('disconnected')
    })

    it('keeps how the visitor signed in to an embedded wallet across switches and disconnects', () => {
      const embedded = wallet('embedded')
      const other = wallet('other', { address: bob })
      const { foyer, storage } = setup([embedded, other], multiWallet)
      const { connector, state } = embedded
      applyConnection(foyer, {
        connector,
        accounts: state.accounts,
        caipNetworkId: state.network,
        authName: 'github',
      })
      connectWallet(foyer, other)
      // Another wallet never takes the embedded wallet's sign-in method.
      expect(foyer.getState().connections.eip155?.[0]).toEqual({
        connectorId: 'other',
        accounts: other.state.accounts,
        status: 'active',
      })
      // Made active again without saying how: the sign-in method stays.
      connectWallet(foyer, embedded)
      expect(foyer.getState().connections.eip155?.[0]).toMatchObject({
        connectorId: 'embedded',
        authName: 'github',
      })
      embedded.emitter.emit('disconnect', {})
      expect(foyer.getState().connections.eip155?.[1]).toEqual({
        connectorId: 'embedded',
        accounts: state.accounts,
        status: 'disconnected',
        authName: 'github',
      })
      expect(storage.getItem('connections')).toEqual({
        eip155: [{ connectorId: 'embedded', accounts: state.accounts, authName: 'github' }],
      })
    })

    it('remembers the address an email login signed in with, across a disconnect and a reload', () => {
      const embedded = wallet('embedded')
      const other = wallet('other', { address: bob })
      let frameEmail: string | undefined = 'visitor@example.com'
      Object.assign(embedded.connector, {
        type: 'auth',
        connectEmail: async () => ({ action: 'VERIFY_OTP' }),
        getEmail: () => frameEmail,
      })
      const { foyer, storage } = setup([embedded, other], multiWallet)
      const { connector, state } = embedded
      const signIn = (authName?: string) =>
        applyConnection(foyer, {
          connector,
          accounts: state.accounts,
          caipNetworkId: state.network,
          authName,
        })
      signIn('email')
      expect(foyer.getState().connections.eip155?.[0]).toMatchObject({
        authName: 'email',
        email: 'visitor@example.com',
      })
      // Made active again once the frame no longer says: the address stays.
      connectWallet(foyer, other)
      frameEmail = undefined
      signIn()
      expect(foyer.getState().connections.eip155?.[0]?.email).toBe('visitor@example.com')
      embedded.emitter.emit('disconnect', {})
      expect(storage.getItem('connections')).toEqual({
        eip155: [
          {
            connectorId: 'embedded',
            accounts: state.accounts,
            authName: 'email',
            email: 'visitor@example.com',
          },
        ],
      })
      const reloaded = setup([embedded, other], { ...multiWallet, storage }).foyer
      // The connection code or the dialog reads them, after the page has loaded.
      restoreDisconnectedConnections(reloaded)
      expect(reloaded.getState().connections.eip155).toEqual([
        {
          connectorId: 'embedded',
          accounts: state.accounts,
          status: 'disconnected',
          authName: 'email',
          email: 'visitor@example.com',
        },
      ])
    })

    it('remembers no email for a social sign-in, nor for a wallet that is not the embedded one', () => {
      const embedded = wallet('embedded')
      const extension = wallet('extension', { address: bob })
      Object.assign(embedded.connector, {
        type: 'auth',
        connectEmail: async () => ({ action: 'VERIFY_OTP' }),
        getEmail: () => 'visitor@example.com',
      })
      const { foyer } = setup([embedded, extension], multiWallet)
      for (const [each, authName] of [
        [embedded, 'email'],
        [embedded, 'google'],
        [extension, 'email'],
      ] as const)
        applyConnection(foyer, {
          connector: each.connector,
          accounts: each.state.accounts,
          caipNetworkId: each.state.network,
          authName,
        })
      expect(foyer.getState().connections.eip155).toEqual([
        {
          connectorId: 'extension',
          accounts: extension.state.accounts,
          status: 'active',
          authName: 'email',
        },
        {
          connectorId: 'embedded',
          accounts: embedded.state.accounts,
          status: 'connected',
          authName: 'google',
        },
      ])
    })

    it('lists the wallets left on an earlier visit once read after a reload, dropping malformed entries', () => {
      const storage = createStorage({ storage: createMemoryStorage() })
      const kept = { connectorId: 'first', accounts: [{ address: alice, type: 'eoa' }] }
      storage.setItem('connections', {
        eip155: [
          kept,
          { connectorId: 3, accounts: [] },
          { connectorId: 'no-list', accounts: 'nope' },
          { connectorId: 'no-address', accounts: [{}] },
          { connectorId: 'odd-name', accounts: [], authName: 5 },
          { connectorId: 'odd-email', accounts: [], authName: 'email', email: 5 },
          null,
        ],
        solana: 'nope',
        bip122: [{ connectorId: 'social', accounts: [], authName: 'google' }],
        polkadot: [],
      })
      const { foyer } = setup([], { ...multiWallet, storage })
      // The page's first load reads none of it: the connection code or the dialog does.
      expect(foyer.getState().connections).toEqual({})
      restoreDisconnectedConnections(foyer)
      expect(foyer.getState().connections).toEqual({
        eip155: [{ ...kept, status: 'disconnected' }],
        bip122: [
          { connectorId: 'social', accounts: [], authName: 'google', status: 'disconnected' },
        ],
      })
      expect(foyer.getState().status).toBe('disconnected')
      const many = Array.from({ length: MAX_DISCONNECTED_CONNECTIONS + 1 }, (_, index) => ({
        connectorId: `w${index}`,
        accounts: [],
      }))
      for (const stored of [many, undefined, 'nope']) {
        const again = createStorage({ storage: createMemoryStorage() })
        if (stored !== undefined) again.setItem('connections', { eip155: stored })
        else again.setItem('connections', 'nope')
        const reloaded = setup([], { ...multiWallet, storage: again }).foyer
        restoreDisconnectedConnections(reloaded)
        expect(reloaded.getState().connections.eip155?.length).toBe(
          Array.isArray(stored) ? MAX_DISCONNECTED_CONNECTIONS : undefined,
        )
      }
    })

    describe('the wallets left on an earlier visit, read after the page loads', () => {
      const left = (connectorId: string, address: string = carol) => ({
        connectorId,
        accounts: [{ address, type: 'eoa' as const }],
      })
      /** A reload: the wallets stored by an earlier visit, and a new instance over them. */
      const reload = (
        wallets: readonly Wallet[],
        stored: { connectedConnectors?: unknown; connections: unknown },
        config: Partial<FoyerConfig> = multiWallet,
      ) => {
        const storage = createStorage({ storage: createMemoryStorage() })
        for (const [key, value] of Object.entries(stored)) storage.setItem(key, value)
        return { ...setup(wallets, { ...config, storage }), storage }
      }

      it('come back with reconnect, after the remembered wallet it restores', async () => {
        const first = wallet('first', { address: alice })
        const { foyer } = reload([first], {
          connectedConnectors: { eip155: ['first'] },
          connections: { eip155: [left('gone')] },
        })
        await reconnect(foyer)
        expect(rows(foyer)).toEqual([
          ['first', 'active'],
          ['gone', 'disconnected'],
        ])
      })

      it('stay listed and stored when a wallet connects before anything read them', () => {
        const first = wallet('first', { address: alice })
        const { foyer, storage } = reload([first], { connections: { eip155: [left('gone')] } })
        connectWallet(foyer, first)
        expect(rows(foyer)).toEqual([
          ['first', 'active'],
          ['gone', 'disconnected'],
        ])
        expect(storage.getItem('connections')).toEqual({ eip155: [left('gone')] })
      })

      it('take their place back when one of them connects again, keeping how it signed in', () => {
        const embedded = wallet('embedded', { address: carol })
        const { foyer } = reload([embedded], {
          connections: { eip155: [{ ...left('embedded'), authName: 'github' }, left('gone')] },
        })
        connectWallet(foyer, embedded)
        expect(foyer.getState().connections.eip155).toEqual([
          {
            connectorId: 'embedded',
            accounts: embedded.state.accounts,
            status: 'active',
            authName: 'github',
          },
          { ...left('gone'), status: 'disconnected' },
        ])
      })

      it('stay stored when the visitor picks a network before anything read them', async () => {
        const { foyer, storage } = reload([], { connections: { eip155: [left('gone')] } })
        await switchNetwork(foyer, { network: 'eip155:31338' })
        expect(storage.getItem('activeNamespace')).toBe('eip155')
        expect(storage.getItem('connections')).toEqual({ eip155: [left('gone')] })
      })

      it('give way to the wallet that connects, with one wallet per namespace, as before a reload', () => {
        const first = wallet('first', { address: alice })
        const { foyer, storage } = reload([first], { connections: { eip155: [left('gone')] } }, {})
        connectWallet(foyer, first)
        expect(rows(foyer)).toEqual([['first', 'active']])
        expect(storage.getItem('connections')).toEqual({})
      })

      it('never list a wallet twice: one already in the state keeps its entry', () => {
        const { foyer } = reload([], { connections: { eip155: [left('gone'), left('other')] } })
        const live = { ...left('gone'), status: 'active' as const }
        foyer.store.setState({ connections: { eip155: [live] } })
        restoreDisconnectedConnections(foyer)
        expect(foyer.getState().connections.eip155).toEqual([
          live,
          { ...left('other'), status: 'disconnected' },
        ])
      })

      it('a wallet the visitor forgot stays forgotten', async () => {
        const { foyer, storage } = reload([], { connections: { eip155: [left('gone')] } })
        restoreDisconnectedConnections(foyer)
        await disconnect(foyer, { namespace: 'eip155', connectorId: 'gone' })
        restoreDisconnectedConnections(foyer)
        expect(foyer.getState().connections.eip155 ?? []).toEqual([])
        expect(storage.getItem('connections')).toEqual({})
      })
    })

    it('counts only connected and active wallets as connected', () => {
      const { foyer } = setup([])
      const left = { connectorId: 'left', accounts: [], status: 'disconnected' as const }
      const live = { connectorId: 'live', accounts: [], status: 'connected' as const }
      expect(hasLiveConnection({ eip155: [left] })).toBe(false)
      expect(hasLiveConnection({ eip155: [left], solana: [left, live] })).toBe(true)
      foyer.store.setState({ status: 'connecting', connections: { eip155: [left] } })
      settleReconnectStatus(foyer)
      expect(foyer.getState().status).toBe('disconnected')
      foyer.store.setState({ status: 'connecting', connections: { eip155: [left, live] } })
      settleReconnectStatus(foyer)
      expect(foyer.getState().status).toBe('connected')
    })

    it('keeps the dialog on ProfileWallets when a wallet leaves and another stays', async () => {
      const first = wallet('first', { address: alice })
      const second = wallet('second', { address: bob })
      const { foyer } = setup([first, second], multiWallet)
      connectWallet(foyer, first)
      connectWallet(foyer, second)
      navigate(foyer, { view: 'ProfileWallets' })
      await disconnect(foyer, { namespace: 'eip155', connectorId: 'first' })
      expect(foyer.getState().dialog).toMatchObject({ open: true, view: 'ProfileWallets' })
    })
  })
})
