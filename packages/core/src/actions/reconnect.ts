import { restoreDisconnectedConnections } from '../connection/disconnectedConnections.ts'
import {
  getStoredConnectors,
  persistConnections,
  restoreConnection,
  settleReconnectStatus,
} from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import type { ChainNamespace } from '../types/network.ts'
import type { Connection } from '../types/state.ts'

export type ReconnectReturnType = readonly Connection[]

/**
 * How long `reconnect` shows 'connecting' while a remembered wallet has not announced itself yet
 * (not a SPEC value). A wallet that announces itself later still reconnects.
 */
export const RECONNECT_DISCOVERY_TIMEOUT_MS = 2_000

/**
 * Restores the stored connections silently (SPEC §3): asks each remembered connector for its
 * accounts without prompting (`eth_accounts` on EVM), and resolves with the connections restored
 * from the wallets already discovered.
 *
 * A remembered wallet that has not announced itself yet (EIP-6963 wallets may announce after the
 * app started) stays remembered and is restored as soon as its connector appears, also after this
 * resolved. A wallet is forgotten only when it answers with no authorised account (or fails to
 * answer), when the visitor connects another wallet in its place, or when the visitor disconnects.
 * `status` reads 'connecting' while a wallet is asked, and while a remembered wallet is awaited,
 * for at most 2 s (`RECONNECT_DISCOVERY_TIMEOUT_MS`).
 */
export async function reconnect(foyer: Foyer): Promise<ReconnectReturnType> {
  const internal = foyer._internal
  // A second call (StrictMode runs effects twice) takes over from the first.
  internal.stopReconnect?.()
  // With the connection code come the wallets left on an earlier visit (ProfileWallets).
  restoreDisconnectedConnections(foyer)
  const state = foyer.getState()
  const entries = (
    Object.entries(getStoredConnectors(foyer)) as [ChainNamespace, string[]][]
  ).filter(([, ids]) => ids.length)
  const restored: Connection[] = []
  if (!entries.length) return restored
  if (state.status === 'disconnected') foyer.store.setState({ status: 'connecting' })

  // Wallets not discovered yet are awaited (the code that waits loads only then).
  const pending: Partial<Record<ChainNamespace, string[]>> = {}
  for (const [namespace, ids] of entries) {
    const missing = ids.filter((id) => !foyer.getConnector(id))
    if (missing.length) pending[namespace] = missing
  }
  internal.pendingReconnects = pending
  const awaited = new Set(Object.values(pending).flat())
  if (Object.keys(pending).length) {
    // EIP-6963 wallets announce when their content script runs, normally before the app's first
    // render; an extension whose background worker was asleep can take a second or so. 2 s covers
    // that without showing 'Connecting…' for long to a visitor whose wallet is gone for good.
    // Later announcements still reconnect; only the status stops waiting for them.
    clearTimeout(internal.timers.reconnect)
    internal.timers.reconnect = setTimeout(() => {
      internal.timers.reconnect = undefined
      settleReconnectStatus(foyer)
    }, RECONNECT_DISCOVERY_TIMEOUT_MS)
    void import('../connection/awaitAnnouncedWallets.ts').then((module) =>
      module.awaitAnnouncedWallets(foyer),
    )
  }

  // The stored active namespace goes last so it ends up the active one.
  entries.sort(
    ([a], [b]) => Number(a === state.activeNamespace) - Number(b === state.activeNamespace),
  )
  for (const [, connectorIds] of entries) {
    // The first id of a namespace was its active connection; restore it last to make it active.
    for (const [index, connectorId] of [...connectorIds.entries()].reverse()) {
      const connector = foyer.getConnector(connectorId)
      if (!connector || awaited.has(connectorId)) continue
      const connection = await restoreConnection(foyer, {
        connector,
        active: index === 0,
        focus: true,
      })
      if (connection) restored.push(connection)
    }
  }
  persistConnections(foyer)
  settleReconnectStatus(foyer)
  return restored
}
