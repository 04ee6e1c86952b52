// The wallets a visitor connected and then left, kept per namespace as 'disconnected' connections
// (ProfileWallets lists them; switching to one reruns its flow). Read when the instance is made,
// written by `persistConnections`.

import type { Storage } from '../storage/createStorage.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
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
  const stored = storage.getItem<StoredDisconnectedConnections>(STORAGE_KEYS.connections)
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
