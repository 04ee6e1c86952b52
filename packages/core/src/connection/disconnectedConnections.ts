// The wallets a visitor connected and then left, kept per namespace as 'disconnected' connections
// (ProfileWallets lists them; switching to one reruns its flow). Put in the state by the code that
// needs them, which loads after the page (the connection code, the dialog), written by
// `persistConnections`.

import type { Foyer } from '../createFoyer.ts'
import type { Storage } from '../storage/createStorage.ts'
import type { StorageKey } from '../storage/keys.ts'
import type { ChainNamespace } from '../types/network.ts'
import type { Connection, FoyerState } from '../types/state.ts'

/**
 * How many disconnected wallets a namespace remembers, most recent first (not a SPEC value: enough
 * for the wallets one visitor switches between, few enough for a short list).
 */
export const MAX_DISCONNECTED_CONNECTIONS = 5

/** What is stored of a disconnected connection: its status goes without saying. */
export type StoredDisconnectedConnection = Pick<
  Connection,
  'connectorId' | 'accounts' | 'authName' | 'email'
>
export type StoredDisconnectedConnections = Partial<
  Record<ChainNamespace, readonly StoredDisconnectedConnection[]>
>

function isStoredConnection(value: unknown): value is StoredDisconnectedConnection {
  const entry = value as StoredDisconnectedConnection | null
  return (
    typeof entry?.connectorId === 'string' &&
    Array.isArray(entry.accounts) &&
    entry.accounts.every((account) => typeof account?.address === 'string') &&
    (entry.authName === undefined || typeof entry.authName === 'string') &&
    (entry.email === undefined || typeof entry.email === 'string')
  )
}

/**
 * The stored disconnected connections, as state: anything malformed (another version's format, a
 * hand-edited entry) is dropped rather than trusted, and each list is cut to the bound.
 */
export function readDisconnectedConnections(storage: Storage): FoyerState['connections'] {
  const stored = storage.getItem<StoredDisconnectedConnections>('connections' satisfies StorageKey)
  const connections: Partial<Record<ChainNamespace, readonly Connection[]>> = {}
  // (A stored primitive has no lists: its entries, if any, are characters.)
  for (const [namespace, list] of Object.entries(stored ?? {})) {
    if (!Array.isArray(list)) continue
    const kept = list
      .filter(isStoredConnection)
      .slice(0, MAX_DISCONNECTED_CONNECTIONS)
      .map(({ connectorId, accounts, authName, email }) => ({
        connectorId,
        accounts,
        status: 'disconnected' as const,
        ...(authName ? { authName } : {}),
        ...(email ? { email } : {}),
      }))
    if (kept.length) connections[namespace as ChainNamespace] = kept
  }
  return connections
}

/**
 * Puts the stored disconnected connections in the state, after the connections already there, once
 * per instance: `createFoyer` leaves them out of the page's first load. The connection code calls
 * it before it changes or stores any connection (so none is lost or written over) and the dialog
 * before its first frame; a wallet already listed keeps its entry.
 */
export function restoreDisconnectedConnections(foyer: Foyer): void {
  if (foyer._internal.disconnectedRestored) return
  foyer._internal.disconnectedRestored = true
  const { connections } = foyer.getState()
  let restored: FoyerState['connections'] | undefined
  for (const [namespace, stored] of Object.entries(readDisconnectedConnections(foyer.storage)) as [
    ChainNamespace,
    readonly Connection[],
  ][]) {
    const listed = connections[namespace] ?? []
    const left = stored.filter(
      (entry) => !listed.some((connection) => connection.connectorId === entry.connectorId),
    )
    if (left.length) restored = { ...(restored ?? connections), [namespace]: [...listed, ...left] }
  }
  if (restored) foyer.store.setState({ connections: restored })
}
