// Loaded by `reconnect` only while a remembered wallet has not announced itself yet.

import type { Foyer } from '../createFoyer.ts'
import type { ChainNamespace } from '../types/network.ts'
import { isMultiWalletEnabled } from '../utils/isMultiWalletEnabled.ts'
import {
  getActiveConnection,
  persistConnections,
  restoreConnection,
  settleReconnectStatus,
} from './state.ts'

/**
 * Restores the remembered wallets of `reconnect` that were not discovered yet as soon as their
 * connector appears (an EIP-6963 wallet announcing after the app started), silently. A wallet
 * that shows up late joins without taking over: it becomes the active one only where nothing is
 * connected, and with one wallet per namespace a wallet the visitor connected meanwhile wins.
 * Waits until the instance is destroyed, `reconnect` runs again or no wallet is left to await;
 * `status` stops waiting after `reconnect`'s 2 s.
 */
export function awaitAnnouncedWallets(foyer: Foyer): void {
  const internal = foyer._internal
  const pending = internal.pendingReconnects
  internal.stopReconnect?.()
  const isAwaiting = () => Object.values(pending).some((ids) => ids?.length)
  const stopWaiting = () => {
    clearTimeout(internal.timers.reconnect)
    internal.timers.reconnect = undefined
  }
  const restoreAnnounced = () => {
    for (const namespace of Object.keys(pending) as ChainNamespace[])
      for (const id of pending[namespace] ?? []) {
        const connector = foyer.getConnector(id)
        if (!connector) continue
        pending[namespace] = pending[namespace]!.filter((other) => other !== id)
        const state = foyer.getState()
        const current = getActiveConnection(state, namespace)
        if (current && !isMultiWalletEnabled(foyer)) {
          persistConnections(foyer)
          continue
        }
        if (state.status === 'disconnected') foyer.store.setState({ status: 'connecting' })
        void restoreConnection(foyer, {
          connector,
          active: !current,
          focus: namespace === state.activeNamespace || !getActiveConnection(state),
        }).then(() => settleReconnectStatus(foyer))
      }
    if (!isAwaiting()) {
      stop()
      settleReconnectStatus(foyer)
    }
  }
  const unsubscribe = foyer.store.subscribe((next, previous) => {
    if (next.connectors !== previous.connectors) restoreAnnounced()
  })
  const stop = () => {
    unsubscribe()
    stopWaiting()
    if (internal.stopReconnect === stop) internal.stopReconnect = undefined
  }
  internal.stopReconnect = stop
  // A wallet may have announced itself while this module loaded.
  restoreAnnounced()
}
