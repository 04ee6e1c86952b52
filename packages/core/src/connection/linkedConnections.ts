import type { Foyer } from '../createFoyer.ts'
import type { Connector } from '../types/connector.ts'
import type { ChainNamespace } from '../types/network.ts'
import type { Connection } from '../types/state.ts'
import { findNetwork } from '../utils/findNetwork.ts'
import {
  persistConnections,
  settleReconnectStatus,
  toChosenNetwork,
  watchConnector,
} from './state.ts'

/**
 * Records the connections a grouped connector's session also holds in other namespaces (a
 * WalletConnect session approving eip155 and solana), without changing the active namespace.
 */
export async function applyLinkedConnections(foyer: Foyer, connector: Connector) {
  for (const linked of linkedConnectors(foyer, connector)) {
    const accounts = await linked.getAccounts().catch(() => [])
    if (!accounts.length) continue
    const caipNetworkId = await toChosenNetwork(foyer, linked)
    const state = foyer.getState()
    const namespace = linked.namespace
    const existing = (state.connections[namespace] ?? []).filter(
      (connection) => connection.connectorId !== linked.id,
    )
    const hasActive = existing.some((connection) => connection.status === 'active')
    const connection: Connection = {
      connectorId: linked.id,
      accounts,
      status: hasActive ? 'connected' : 'active',
    }
    const network = findNetwork(foyer.config.networks, caipNetworkId)
    foyer.store.setState({
      connections: { ...state.connections, [namespace]: [connection, ...existing] },
      networkByNamespace:
        network && !hasActive
          ? { ...state.networkByNamespace, [namespace]: network }
          : state.networkByNamespace,
    })
    watchConnector(foyer, linked)
    persistConnections(foyer)
  }
}

/** The other connectors of a connector's session group (see `Connector.group`). */
export function linkedConnectors(foyer: Foyer, connector: Connector): Connector[] {
  if (!connector.group) return []
  return foyer
    .getState()
    .connectors.filter(
      (candidate) =>
        candidate.group === connector.group &&
        candidate.id !== connector.id &&
        candidate.namespace !== connector.namespace,
    )
}

/**
 * Forgets remembered wallets `reconnect` still waits for: the one with `connectorId`, or every one
 * of `namespace`. The visitor disconnected, or connected another wallet in their place. (Here, with
 * the other connection code only `connect` and `disconnect` need.)
 */
export function forgetPendingReconnects(
  foyer: Foyer,
  parameters: { namespace: ChainNamespace; connectorId?: string | undefined },
) {
  const internal = foyer._internal
  const ids = internal.pendingReconnects[parameters.namespace]
  if (!ids?.length) return
  internal.pendingReconnects[parameters.namespace] = parameters.connectorId
    ? ids.filter((id) => id !== parameters.connectorId)
    : []
  persistConnections(foyer)
  if (!Object.values(internal.pendingReconnects).some((list) => list?.length)) {
    internal.stopReconnect?.()
    clearTimeout(internal.timers.reconnect)
    internal.timers.reconnect = undefined
    settleReconnectStatus(foyer)
  }
}
