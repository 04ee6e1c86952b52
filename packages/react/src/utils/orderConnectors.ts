import type { Connector, ConnectorTypeOrderEntry } from '@foyer/core'

export type ConnectorGroup = {
  /** Which `connectorTypeOrder` entry the connectors were listed under. */
  entry: ConnectorTypeOrderEntry
  connectors: readonly Connector[]
}

export type OrderConnectorsParameters = {
  connectors: readonly Connector[]
  /** Ids of the wallets used last, most recent first (SPEC §5: at most 2). */
  recentWalletIds: readonly string[]
  featuredWalletIds?: readonly string[] | undefined
  /** SPEC §9 default: walletConnect, recent, injected, featured, custom, external, recommended. */
  connectorTypeOrder: readonly ConnectorTypeOrderEntry[]
}

/** Whether `connector` is the wallet a registry/storage id names (its id or its EIP-6963 rdns). */
export function connectorMatchesId(connector: Connector, id: string): boolean {
  return connector.id === id || (connector.rdns !== undefined && connector.rdns === id)
}

function matchesEntry(
  connector: Connector,
  entry: ConnectorTypeOrderEntry,
  { recentWalletIds, featuredWalletIds = [] }: OrderConnectorsParameters,
): boolean {
  switch (entry) {
    case 'walletConnect':
      return connector.type === 'walletConnect'
    case 'recent':
      return recentWalletIds.some((id) => connectorMatchesId(connector, id))
    case 'injected':
      return connector.type === 'announced' || connector.type === 'injected'
    case 'featured':
      return featuredWalletIds.some((id) => connectorMatchesId(connector, id))
    case 'custom':
      return connector.type === 'custom'
    case 'external':
      return connector.type === 'external'
    case 'recommended':
      // Recommended wallets come from the wallet registry, never from a local connector.
      return false
  }
}

function rank(ids: readonly string[], connector: Connector): number {
  const index = ids.findIndex((id) => connectorMatchesId(connector, id))
  return index === -1 ? ids.length : index
}

/**
 * Groups wallet connectors in `connectorTypeOrder`, each connector once, under the first entry it
 * matches. Recent ones keep recency order, featured ones the configured order; the rest keep
 * discovery order. Embedded-wallet (`auth`) connectors are listed by the email/social sections,
 * not here.
 */
export function orderConnectors(parameters: OrderConnectorsParameters): ConnectorGroup[] {
  const remaining = parameters.connectors.filter((connector) => connector.type !== 'auth')
  const groups: ConnectorGroup[] = []
  for (const entry of parameters.connectorTypeOrder) {
    const matching = remaining.filter((connector) => matchesEntry(connector, entry, parameters))
    if (matching.length === 0) continue
    for (const connector of matching) remaining.splice(remaining.indexOf(connector), 1)
    if (entry === 'recent')
      matching.sort(
        (a, b) => rank(parameters.recentWalletIds, a) - rank(parameters.recentWalletIds, b),
      )
    if (entry === 'featured')
      matching.sort(
        (a, b) =>
          rank(parameters.featuredWalletIds ?? [], a) - rank(parameters.featuredWalletIds ?? [], b),
      )
    groups.push({ entry, connectors: matching })
  }
  return groups
}
