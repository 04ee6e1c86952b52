import { type Connector, getRecentWallets } from '@foyer/core'
import { useMemo } from 'react'
import { type ConnectorGroup, orderConnectors } from '../utils/orderConnectors.ts'
import { useFoyer } from './useFoyer.ts'
import { useFoyerState } from './useFoyerState.ts'

export type UseConnectorsReturnType = {
  /** Every discovered connector, in discovery order. */
  connectors: readonly Connector[]
  /** Wallet connectors grouped in `connectorTypeOrder` (each connector once), as the dialog lists them. */
  groups: readonly ConnectorGroup[]
  /** Ids of the last used wallets, most recent first (at most 2). */
  recentWalletIds: readonly string[]
}

/** Discovered connectors, and the order the Connect view shows them in. */
export function useConnectors(): UseConnectorsReturnType {
  const foyer = useFoyer()
  const connectors = useFoyerState((state) => state.connectors)
  // Recent wallets change on connect, which also changes the store; re-read with the connectors.
  const status = useFoyerState((state) => state.status)
  return useMemo(() => {
    void status
    const recentWalletIds = getRecentWallets(foyer)
    const groups = orderConnectors({
      connectors,
      recentWalletIds,
      featuredWalletIds: foyer.config.featuredWalletIds,
      connectorTypeOrder: foyer.config.connectorTypeOrder,
    })
    return { connectors, groups, recentWalletIds }
  }, [foyer, connectors, status])
}
