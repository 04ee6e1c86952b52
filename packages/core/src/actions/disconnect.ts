import { forgetPendingReconnects, linkedConnectors } from '../connection/linkedConnections.ts'
import { getActiveConnection, removeConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { DisconnectFailedError } from '../errors/connection.ts'
import type { ChainNamespace } from '../types/network.ts'
import { close } from './close.ts'

export type DisconnectParameters = {
  /** Defaults to the active namespace. */
  namespace?: ChainNamespace | undefined
  /** Defaults to the namespace's active connection. */
  connectorId?: string | undefined
}
export type DisconnectReturnType = undefined
export type DisconnectErrorType = DisconnectFailedError

/**
 * Disconnects a wallet and forgets it; rejects with 'Failed to disconnect' if the wallet fails.
 * A remembered wallet that `reconnect` still waits for is forgotten too: the one named by
 * `connectorId`, or, with no connection in the namespace, every one of it.
 */
export async function disconnect(
  foyer: Foyer,
  parameters: DisconnectParameters = {},
): Promise<DisconnectReturnType> {
  const state = foyer.getState()
  const namespace = parameters.namespace ?? state.activeNamespace
  const connectorId =
    parameters.connectorId ?? (namespace && getActiveConnection(state, namespace)?.connectorId)
  if (namespace && (parameters.connectorId || !connectorId))
    forgetPendingReconnects(foyer, { namespace, connectorId: parameters.connectorId })
  if (!namespace || !connectorId) return
  const connector = foyer.getConnector(connectorId)
  try {
    await connector?.disconnect()
  } catch (error) {
    const failure = new DisconnectFailedError({ cause: error })
    foyer._internal.emit({ type: 'DISCONNECT_ERROR', data: { message: failure.shortMessage } })
    throw failure
  }
  removeConnection(foyer, { namespace, connectorId })
  foyer._internal.emit({ type: 'DISCONNECT_SUCCESS', data: { namespace, connectorId } })
  // The session the linked connectors shared is gone too.
  for (const linked of connector ? linkedConnectors(foyer, connector) : []) {
    const state = foyer.getState()
    if (!state.connections[linked.namespace]?.some((c) => c.connectorId === linked.id)) continue
    removeConnection(foyer, { namespace: linked.namespace, connectorId: linked.id })
    foyer._internal.emit({
      type: 'DISCONNECT_SUCCESS',
      data: { namespace: linked.namespace, connectorId: linked.id },
    })
  }
  if (foyer.getState().status === 'disconnected') close(foyer)
}
