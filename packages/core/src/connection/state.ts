// Shared state transitions of connect, reconnect, switchConnection and the connector events.
// Internal: actions are the public way in.

import { getPreferredAccountType } from '../account/preferredAccountType.ts'
import { close } from '../actions/close.ts'
import { open } from '../actions/open.ts'
import { APP_CHOSEN_NETWORK_NAMESPACES } from '../constants.ts'
import { type Foyer, initialAccountState } from '../createFoyer.ts'
import { isEmbeddedAuthConnector } from '../embedded/types.ts'
import { initialSendState } from '../send/initialSendState.ts'
import { watchSiwx } from '../siwx/watchSiwx.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import type {
  AccountType,
  Connector,
  ConnectorAccount,
  ConnectorEventMap,
} from '../types/connector.ts'
import type { CaipNetworkId, ChainNamespace } from '../types/network.ts'
import type { Connection, FoyerState } from '../types/state.ts'
import { formatCaipAddress } from '../utils/caip.ts'
import { findNetwork } from '../utils/findNetwork.ts'
import { isMultiWalletEnabled } from '../utils/isMultiWalletEnabled.ts'
import {
  MAX_DISCONNECTED_CONNECTIONS,
  restoreDisconnectedConnections,
  type StoredDisconnectedConnections,
} from './disconnectedConnections.ts'

export function getActiveConnection(
  state: FoyerState,
  namespace: ChainNamespace | undefined = state.activeNamespace,
): Connection | undefined {
  if (!namespace) return undefined
  return state.connections[namespace]?.find((connection) => connection.status === 'active')
}

/** A connection the wallet still holds (connected or active), as opposed to a remembered one. */
export function isLiveConnection(connection: Connection): boolean {
  return connection.status !== 'disconnected'
}

/** Whether any namespace holds a live connection: what the wallet status 'connected' means. */
export function hasLiveConnection(connections: FoyerState['connections']): boolean {
  return Object.values(connections).some((list) => list?.some(isLiveConnection))
}

type StoredConnectors = Partial<Record<ChainNamespace, string[]>>

/**
 * Stores the connected connectors and network choice so a reload restores them, and the
 * disconnected connections so ProfileWallets still lists them.
 */
export function persistConnections(foyer: Foyer) {
  // Never write over the stored disconnected ones before they are in the state.
  restoreDisconnectedConnections(foyer)
  const state = foyer.getState()
  const stored: StoredConnectors = {}
  const disconnected: StoredDisconnectedConnections = {}
  for (const [namespace, connections] of Object.entries(state.connections)) {
    // Active connection first, so reconnect restores it as the active one.
    const ordered = [...(connections ?? [])]
      .filter(isLiveConnection)
      .sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active'))
      .map((connection) => connection.connectorId)
    if (ordered.length) stored[namespace as ChainNamespace] = ordered
    const left = (connections ?? [])
      .filter((connection) => !isLiveConnection(connection))
      .map(({ connectorId, accounts, authName, email }) => ({
        connectorId,
        accounts,
        authName,
        email,
      }))
    if (left.length) disconnected[namespace as ChainNamespace] = left
  }
  // Wallets `reconnect` still waits for stay remembered until they announce themselves.
  for (const [namespace, ids] of Object.entries(foyer._internal.pendingReconnects) as [
    ChainNamespace,
    string[],
  ][])
    if (ids.length) stored[namespace] = [...new Set([...(stored[namespace] ?? []), ...ids])]
  foyer.storage.setItem(STORAGE_KEYS.connectedConnectors, stored)
  foyer.storage.setItem(STORAGE_KEYS.connections, disconnected)
  foyer.storage.setItem(STORAGE_KEYS.activeNamespace, state.activeNamespace)
  const networkIds: Partial<Record<ChainNamespace, CaipNetworkId>> = {}
  for (const [namespace, network] of Object.entries(state.networkByNamespace))
    if (network) networkIds[namespace as ChainNamespace] = network.caipNetworkId
  foyer.storage.setItem(STORAGE_KEYS.activeNetworkByNamespace, networkIds)
}

export function getStoredConnectors(foyer: Foyer): StoredConnectors {
  return foyer.storage.getItem<StoredConnectors>(STORAGE_KEYS.connectedConnectors) ?? {}
}

/**
 * The account shown for a connection: the one of the visitor's preferred type when the wallet
 * gave one (a Bitcoin wallet's payment and ordinal addresses), else the wallet's first.
 */
export function pickAccount(
  accounts: readonly ConnectorAccount[],
  preferredAccountType: AccountType | undefined,
): ConnectorAccount | undefined {
  return accounts.find((account) => account.type === preferredAccountType) ?? accounts[0]
}

/**
 * Recomputes the account fields from the active connection of the active namespace.
 * `preferredAccountType` is the visitor's preference for that namespace (SPEC §6 defaults); the
 * accounts in `user` keep the types the wallet reported.
 */
export function accountFromConnection(
  foyer: Foyer,
  state: FoyerState,
  connector: Connector | undefined,
  walletCaipNetworkId: CaipNetworkId | undefined,
): Partial<FoyerState> {
  const connection = getActiveConnection(state)
  const preferredAccountType = getPreferredAccountType(foyer, state.activeNamespace)
  const first = connection && pickAccount(connection.accounts, preferredAccountType)
  if (!connection || !first) {
    // The app's labels outlive the wallets they name.
    const { addressLabels } = state.account
    return { account: { ...initialAccountState, addressLabels, preferredAccountType } }
  }
  const sameAddress = state.account.address === first.address
  return {
    account: {
      ...state.account,
      address: first.address,
      caipAddress: formatCaipAddress(
        walletCaipNetworkId ?? state.activeNetwork.caipNetworkId,
        first.address,
      ),
      // A different address must never show the previous address's balance.
      balance: sameAddress ? state.account.balance : undefined,
      balanceSymbol: sameAddress ? state.account.balanceSymbol : undefined,
      profileName: sameAddress ? state.account.profileName : undefined,
      profileImage: sameAddress ? state.account.profileImage : undefined,
      user: { accounts: connection.accounts },
      preferredAccountType,
      // SPEC §3: the shown smart account is on chain (false while counterfactual, and for an EOA).
      smartAccountDeployed: first.type === 'smartAccount' && first.deployed === true,
      connectedWalletInfo: connector
        ? { name: connector.name, icon: connector.icon, connectorId: connector.id }
        : state.account.connectedWalletInfo,
    },
  }
}

export type ApplyConnectionParameters = {
  connector: Connector
  accounts: readonly ConnectorAccount[]
  caipNetworkId: CaipNetworkId
  /** Make this the active connection of its namespace (default) or keep it in the background. */
  active?: boolean
  /**
   * Also make its namespace the active one and the account follow it (default). False keeps the
   * active namespace, e.g. for a wallet of another namespace that reconnects late.
   */
  focus?: boolean
  /** How the visitor signed in to an embedded wallet; defaults to what the connection had. */
  authName?: string | undefined
}

/** Records a live connection and makes the account state follow it. */
export function applyConnection(foyer: Foyer, parameters: ApplyConnectionParameters) {
  const { connector, accounts, caipNetworkId, active = true, focus = true } = parameters
  // Every CONNECT_SUCCESS follows this, and every DISCONNECT_SUCCESS a connection it recorded.
  watchSiwx(foyer)
  // The wallets left on an earlier visit first: one connecting again takes its entry's place.
  restoreDisconnectedConnections(foyer)
  const namespace = connector.namespace
  const state = foyer.getState()
  const multiWallet = isMultiWalletEnabled(foyer)
  const others = (multiWallet ? (state.connections[namespace] ?? []) : [])
    .filter((connection) => connection.connectorId !== connector.id)
    .map((connection) =>
      active && connection.status === 'active'
        ? { ...connection, status: 'connected' as const }
        : connection,
    )
  if (!multiWallet)
    for (const previous of state.connections[namespace] ?? [])
      if (previous.connectorId !== connector.id) unwatchConnector(foyer, previous.connectorId)
  const previous = state.connections[namespace]?.find(
    (connection) => connection.connectorId === connector.id,
  )
  const authName = parameters.authName ?? previous?.authName
  // An email login keeps its address (AppKit keeps it too), so signing in again after a
  // disconnect starts with it filled in.
  const email =
    authName === 'email'
      ? ((isEmbeddedAuthConnector(connector) ? connector.getEmail() : undefined) ?? previous?.email)
      : undefined
  const connection: Connection = {
    connectorId: connector.id,
    accounts,
    status: active ? 'active' : 'connected',
    ...(authName ? { authName } : {}),
    ...(email ? { email } : {}),
  }
  const connections = { ...state.connections, [namespace]: [connection, ...others] }
  watchConnector(foyer, connector)
  if (!active || !focus) {
    foyer.store.setState({ connections })
    persistConnections(foyer)
    return
  }
  const network = findNetwork(foyer.config.networks, caipNetworkId)
  const activeNetwork = network ?? state.networkByNamespace[namespace] ?? state.activeNetwork
  const next: FoyerState = {
    ...state,
    connections,
    status: 'connected',
    activeNamespace: namespace,
    activeNetwork,
    networkByNamespace: { ...state.networkByNamespace, [namespace]: activeNetwork },
    unsupportedNetwork: !network,
    // The send form belongs to the namespace it was filled in (SPEC §4).
    send: namespace === state.activeNamespace ? state.send : initialSendState,
  }
  foyer.store.setState({ ...next, ...accountFromConnection(foyer, next, connector, caipNetworkId) })
  persistConnections(foyer)
}

export type RestoreConnectionParameters = {
  connector: Connector
  /** Active connection of its namespace, or kept in the background. */
  active: boolean
  /** Also make its namespace the active one (false for a late wallet of another namespace). */
  focus: boolean
}

/**
 * Asks a remembered wallet for its accounts without prompting (`reconnect`) and records the
 * connection when it has any; otherwise, or when the wallet fails to answer, it is forgotten.
 */
export async function restoreConnection(
  foyer: Foyer,
  parameters: RestoreConnectionParameters,
): Promise<Connection | undefined> {
  const { connector, active, focus } = parameters
  const internal = foyer._internal
  internal.restoring++
  try {
    const accounts = await connector.getAccounts()
    if (!accounts.length) return undefined
    const caipNetworkId = await toChosenNetwork(foyer, connector)
    applyConnection(foyer, { connector, accounts, caipNetworkId, active, focus })
    internal.emit({
      type: 'CONNECT_SUCCESS',
      data: {
        connectorId: connector.id,
        name: connector.name,
        namespace: connector.namespace,
        address: accounts[0]!.address,
        caipNetworkId,
        reconnected: true,
      },
    })
    if (active && focus && !findNetwork(foyer.config.networks, caipNetworkId))
      followNetworkSupport(foyer, caipNetworkId, false)
    return { connectorId: connector.id, accounts, status: active ? 'active' : 'connected' }
  } catch {
    // A wallet that errors on a silent query is treated as gone.
    return undefined
  } finally {
    internal.restoring--
    persistConnections(foyer)
  }
}

/**
 * The network a connector joins on (restored after a reload, recorded from a shared session, or
 * switched back to). Where the network is the app's choice (a Solana cluster: connectors start on
 * their first one after a load), the connector is put on the network chosen for its namespace,
 * silently: switching clusters prompts nobody. Elsewhere the wallet's own network stands: an EVM
 * wallet sits on a chain of its own, and asking it to switch would prompt the visitor.
 */
export async function toChosenNetwork(foyer: Foyer, connector: Connector): Promise<CaipNetworkId> {
  const current = await connector.getCaipNetworkId()
  const namespaces: readonly ChainNamespace[] = APP_CHOSEN_NETWORK_NAMESPACES
  const chosen = foyer.getState().networkByNamespace[connector.namespace]
  if (!namespaces.includes(connector.namespace) || !chosen || chosen.caipNetworkId === current)
    return current
  try {
    await connector.switchNetwork({ network: chosen })
    return chosen.caipNetworkId
  } catch {
    // Not a cluster this connector serves (e.g. one the WalletConnect session did not approve).
    return current
  }
}

/**
 * Ends `reconnect`'s 'connecting' once no remembered wallet is being asked or awaited; a connect
 * in flight owns the status.
 */
export function settleReconnectStatus(foyer: Foyer) {
  const internal = foyer._internal
  const { status, connections } = foyer.getState()
  if (status !== 'connecting' || internal.restoring || internal.timers.reconnect) return
  if (internal.pendingConnect) return
  foyer.store.setState({ status: hasLiveConnection(connections) ? 'connected' : 'disconnected' })
}

export type RemoveConnectionParameters = {
  namespace: ChainNamespace
  connectorId: string
  /**
   * Keep it listed as 'disconnected' (the visitor may switch back to it later) instead of
   * forgetting it. The namespace keeps the most recent `MAX_DISCONNECTED_CONNECTIONS`.
   */
  keep?: boolean | undefined
}

/**
 * Ends a connection locally (the wallet already disconnected, or `disconnect` succeeded): it is
 * forgotten, or kept as 'disconnected' after the live ones of its namespace.
 */
export function removeConnection(foyer: Foyer, parameters: RemoveConnectionParameters) {
  const { namespace, connectorId, keep = false } = parameters
  unwatchConnector(foyer, connectorId)
  const state = foyer.getState()
  const removed = state.connections[namespace]?.find(
    (connection) => connection.connectorId === connectorId,
  )
  const remaining = (state.connections[namespace] ?? []).filter(
    (connection) => connection.connectorId !== connectorId,
  )
  // When the active wallet leaves, the next connected wallet of the namespace takes over.
  const heir = remaining.findIndex(isLiveConnection)
  if (removed?.status === 'active' && heir !== -1)
    remaining[heir] = { ...remaining[heir]!, status: 'active' }
  const left = keep && removed ? [{ ...removed, status: 'disconnected' as const }] : []
  const list = [
    ...remaining.filter(isLiveConnection),
    ...[...left, ...remaining.filter((connection) => !isLiveConnection(connection))].slice(
      0,
      MAX_DISCONNECTED_CONNECTIONS,
    ),
  ]
  const connections = { ...state.connections, [namespace]: list }
  if (!list.length) delete connections[namespace]
  const next: FoyerState = {
    ...state,
    connections,
    status: hasLiveConnection(connections) ? 'connected' : 'disconnected',
    unsupportedNetwork: namespace === state.activeNamespace ? false : state.unsupportedNetwork,
  }
  // The wallet shown is the active one of the active namespace, wherever it sits in the list.
  const active = getActiveConnection(next)
  const activeConnector = active ? foyer.getConnector(active.connectorId) : undefined
  foyer.store.setState({
    ...next,
    ...accountFromConnection(foyer, next, activeConnector, undefined),
  })
  persistConnections(foyer)
}

export function updateAccounts(
  foyer: Foyer,
  parameters: { connector: Connector; accounts: readonly ConnectorAccount[] },
) {
  const { connector, accounts } = parameters
  const namespace = connector.namespace
  if (!accounts.length)
    return removeConnection(foyer, {
      namespace,
      connectorId: connector.id,
      keep: isMultiWalletEnabled(foyer),
    })
  const state = foyer.getState()
  const connections = {
    ...state.connections,
    [namespace]: (state.connections[namespace] ?? []).map((connection) =>
      connection.connectorId === connector.id ? { ...connection, accounts } : connection,
    ),
  }
  const next = { ...state, connections }
  const walletNetwork = state.account.caipAddress?.split(':').slice(0, 2).join(':') as
    | CaipNetworkId
    | undefined
  foyer.store.setState({ ...next, ...accountFromConnection(foyer, next, connector, walletNetwork) })
  persistConnections(foyer)
}

/**
 * Follows the active wallet onto another network; returns whether that network is supported, or
 * undefined when the connector is not the active one (nothing to follow).
 */
export function updateNetwork(
  foyer: Foyer,
  parameters: { connector: Connector; caipNetworkId: CaipNetworkId },
): boolean | undefined {
  const { connector, caipNetworkId } = parameters
  const state = foyer.getState()
  const active = getActiveConnection(state, connector.namespace)
  if (active?.connectorId !== connector.id || state.activeNamespace !== connector.namespace)
    return undefined
  const network = findNetwork(foyer.config.networks, caipNetworkId)
  const next: FoyerState = {
    ...state,
    activeNetwork: network ?? state.activeNetwork,
    networkByNamespace: network
      ? { ...state.networkByNamespace, [connector.namespace]: network }
      : state.networkByNamespace,
    unsupportedNetwork: !network,
  }
  foyer.store.setState({ ...next, ...accountFromConnection(foyer, next, connector, caipNetworkId) })
  persistConnections(foyer)
  return Boolean(network)
}

// Connector events are wired once per connector id and removed when the connection goes.
type ConnectorEventHandlers = {
  [name in keyof ConnectorEventMap]: (data: ConnectorEventMap[name]) => void
}

/**
 * The wallet sits on a network missing from `networks`: open UnsupportedChain unless the app allows
 * unsupported chains (SPEC §2). Back on a supported network, that view closes itself.
 */
export function followNetworkSupport(
  foyer: Foyer,
  caipNetworkId: CaipNetworkId,
  supported: boolean,
) {
  const { dialog } = foyer.getState()
  if (supported) {
    if (dialog.open && dialog.view === 'UnsupportedChain') close(foyer)
    return
  }
  foyer._internal.emit({ type: 'UNSUPPORTED_NETWORK', data: { caipNetworkId } })
  if (!foyer.config.allowUnsupportedChain) open(foyer, { view: 'UnsupportedChain' })
}

export function watchConnector(foyer: Foyer, connector: Connector) {
  if (foyer._internal.connectorListeners.has(connector.id)) return
  const handlers: ConnectorEventHandlers = {
    accountsChanged({ accounts }) {
      updateAccounts(foyer, { connector, accounts })
      foyer._internal.emit({
        type: 'ACCOUNTS_CHANGED',
        data: { address: accounts[0]?.address, namespace: connector.namespace },
      })
    },
    chainChanged({ caipNetworkId }) {
      const supported = updateNetwork(foyer, { connector, caipNetworkId })
      if (supported !== undefined) followNetworkSupport(foyer, caipNetworkId, supported)
    },
    disconnect() {
      // (removeConnection unwatches the connector, which also ends its 'reconnecting' mark.)
      // With several wallets, one that leaves stays listed so the visitor can switch back to it.
      removeConnection(foyer, {
        namespace: connector.namespace,
        connectorId: connector.id,
        keep: isMultiWalletEnabled(foyer),
      })
      foyer._internal.emit({
        type: 'DISCONNECT_SUCCESS',
        data: { namespace: connector.namespace, connectorId: connector.id },
      })
    },
    linkChanged({ status }) {
      setReconnecting(foyer, connector.id, status === 'reconnecting')
    },
  }
  connector.on('accountsChanged', handlers.accountsChanged)
  connector.on('chainChanged', handlers.chainChanged)
  connector.on('disconnect', handlers.disconnect)
  connector.on('linkChanged', handlers.linkChanged)
  foyer._internal.connectorListeners.set(connector.id, () => {
    connector.off('accountsChanged', handlers.accountsChanged)
    connector.off('chainChanged', handlers.chainChanged)
    connector.off('disconnect', handlers.disconnect)
    connector.off('linkChanged', handlers.linkChanged)
  })
}

export function unwatchConnector(foyer: Foyer, connectorId: string) {
  foyer._internal.connectorListeners.get(connectorId)?.()
  foyer._internal.connectorListeners.delete(connectorId)
  setReconnecting(foyer, connectorId, false)
}

/** Adds or removes a connector from `reconnectingConnectors` (no state change when already so). */
function setReconnecting(foyer: Foyer, connectorId: string, reconnecting: boolean) {
  const { reconnectingConnectors } = foyer.getState()
  if (reconnectingConnectors.includes(connectorId) === reconnecting) return
  foyer.store.setState({
    reconnectingConnectors: reconnecting
      ? [...reconnectingConnectors, connectorId]
      : reconnectingConnectors.filter((id) => id !== connectorId),
  })
}
