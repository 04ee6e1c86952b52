import { applyConnection, followNetworkSupport, getStoredConnectors } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { findNetwork } from '../networks.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import type { ChainNamespace } from '../types/network.ts'
import type { Connection } from '../types/state.ts'

export type ReconnectReturnType = readonly Connection[]

/**
 * Restores the stored connections silently (SPEC §3): asks each remembered connector for its
 * accounts without prompting (`eth_accounts` on EVM). A wallet that no longer authorises the site,
 * or is no longer installed, is forgotten.
 */
export async function reconnect(foyer: Foyer): Promise<ReconnectReturnType> {
  const stored = getStoredConnectors(foyer)
  const restored: Connection[] = []
  const state = foyer.getState()
  const entries = Object.entries(stored) as [ChainNamespace, string[]][]
  if (!entries.some(([, ids]) => ids.length)) return restored
  if (state.status === 'disconnected') foyer.store.setState({ status: 'connecting' })
  // The stored active namespace goes last so it ends up the active one.
  entries.sort(
    ([a], [b]) => Number(a === state.activeNamespace) - Number(b === state.activeNamespace),
  )
  for (const [, connectorIds] of entries) {
    // The first id of a namespace was its active connection; restore it last to make it active.
    for (const [index, connectorId] of [...connectorIds.entries()].reverse()) {
      const connector = foyer.getConnector(connectorId)
      if (!connector) continue
      try {
        const accounts = await connector.getAccounts()
        if (!accounts.length) continue
        const caipNetworkId = await connector.getCaipNetworkId()
        applyConnection(foyer, { connector, accounts, caipNetworkId, active: index === 0 })
        const address = accounts[0]!.address
        foyer._internal.emit({
          type: 'CONNECT_SUCCESS',
          data: {
            connectorId,
            name: connector.name,
            namespace: connector.namespace,
            address,
            caipNetworkId,
            reconnected: true,
          },
        })
        restored.push({ connectorId, accounts, status: index === 0 ? 'active' : 'connected' })
        if (index === 0 && !findNetwork(foyer.config.networks, caipNetworkId))
          followNetworkSupport(foyer, caipNetworkId, false)
      } catch {
        // A wallet that errors on a silent query is treated as gone.
      }
    }
  }
  if (!restored.length) {
    foyer.store.setState({ status: 'disconnected' })
    foyer.storage.setItem(STORAGE_KEYS.connectedConnectors, {})
  }
  return restored
}
