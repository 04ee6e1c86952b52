import type { Foyer } from '../createFoyer.ts'
import type { StorageKey } from '../storage/keys.ts'
import type { ReconnectReturnType } from './reconnect.ts'

export type ReconnectRememberedReturnType = ReconnectReturnType

/**
 * `reconnect` for a page load: when a wallet is remembered, fetches the connection code and
 * restores it; otherwise resolves at once with nothing, so a first visit carries none of that code.
 * `status` reads 'connecting' from the call on, as with `reconnect`.
 */
export async function reconnectRemembered(foyer: Foyer): Promise<ReconnectRememberedReturnType> {
  const stored = foyer.storage.getItem<Record<string, unknown>>(
    'connectedConnectors' satisfies StorageKey,
  )
  const remembered =
    stored && Object.values(stored).some((ids) => Array.isArray(ids) && ids.length > 0)
  if (!remembered) return []
  const status = foyer.getState().status
  if (status === 'disconnected') foyer.store.setState({ status: 'connecting' })
  try {
    return await import('./reconnect.ts').then((module) => module.reconnect(foyer))
  } catch (error) {
    // The code did not arrive (offline, a new deployment): nothing was restored.
    if (foyer.getState().status === 'connecting') foyer.store.setState({ status })
    throw error
  }
}
