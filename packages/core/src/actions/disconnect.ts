import { forgetPendingReconnects, linkedConnectors } from '../connection/linkedConnections.ts'
import { getActiveConnection, isLiveConnection, removeConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { DisconnectFailedError } from '../errors/connection.ts'
import type { ChainNamespace } from '../types/network.ts'
import { isMultiWalletEnabled } from '../utils/isMultiWalletEnabled.ts'
import { close } from './close.ts'

export type DisconnectParameters = {
  /** Defaults to the active namespace. */
  namespace?: ChainNamespace | undefined
  /** Defaults to the namespace's active connection. */
  connectorId?: string | undefined
  /**
   * Forget the wallet rather than keep it listed as 'disconnected' (only matters with
   * `features.multiWallet`): what "Disconnect all" asks for every wallet.
   */
  forget?: boolean | undefined
}
export type DisconnectReturnType = undefined
export type DisconnectErrorType = DisconnectFailedError

/**
 * Disconnects a wallet; rejects with 'Failed to disconnect' if the wallet fails.
 *
 * The rules (SPEC §2 ProfileWallets, §4, §6):
 * - One wallet per namespace (the default): the wallet is forgotten, as before multiWallet existed.
 * - Several (`features.multiWallet`): it stays listed as 'disconnected' and is stored across
 *   reloads (the most recent `MAX_DISCONNECTED_CONNECTIONS` per namespace), so the visitor can switch
 *   back to it, which reruns its flow. Disconnecting one that is already 'disconnected' forgets it;
 *   `forget: true` ends and forgets at once ("Disconnect all" does so for every wallet, so nothing
 *   stays listed). A wallet that ends the session itself is kept too (see `watchConnector`).
 *
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
  const existing = state.connections[namespace]?.find(
    (connection) => connection.connectorId === connectorId,
  )
  // Nothing to end in the wallet: the visitor asks to forget it.
  if (existing && !isLiveConnection(existing)) {
    removeConnection(foyer, { namespace, connectorId })
    return
  }
  const connector = foyer.getConnector(connectorId)
  try {
    await connector?.disconnect()
  } catch (error) {
    const failure = new DisconnectFailedError({ cause: error })
    foyer._internal.emit({ type: 'DISCONNECT_ERROR', data: { message: failure.shortMessage } })
    throw failure
  }
  const keep = isMultiWalletEnabled(foyer) && !parameters.forget
  removeConnection(foyer, { namespace, connectorId, keep })
  foyer._internal.emit({ type: 'DISCONNECT_SUCCESS', data: { namespace, connectorId } })
  // The session the linked connectors shared is gone too.
  for (const linked of connector ? linkedConnectors(foyer, connector) : []) {
    const state = foyer.getState()
    const live = state.connections[linked.namespace]?.some(
      (connection) => connection.connectorId === linked.id && isLiveConnection(connection),
    )
    if (!live) continue
    removeConnection(foyer, { namespace: linked.namespace, connectorId: linked.id, keep })
    foyer._internal.emit({
      type: 'DISCONNECT_SUCCESS',
      data: { namespace: linked.namespace, connectorId: linked.id },
    })
  }
  if (foyer.getState().status === 'disconnected') close(foyer)
}
