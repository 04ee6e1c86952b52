import type { Foyer } from '../createFoyer.ts'
import type { FoyerState } from '../types/state.ts'
import { accountFromConnection, getActiveConnection, persistConnections } from './state.ts'

/** Makes a network the active one (and its namespace the active namespace) and follows the account. */
export function setActiveNetworkState(
  foyer: Foyer,
  parameters: { network: FoyerState['activeNetwork'] },
) {
  const { network } = parameters
  const state = foyer.getState()
  const next: FoyerState = {
    ...state,
    activeNamespace: network.chainNamespace,
    activeNetwork: network,
    networkByNamespace: { ...state.networkByNamespace, [network.chainNamespace]: network },
    unsupportedNetwork: false,
  }
  const connector = getActiveConnection(next)
    ? foyer.getConnector(getActiveConnection(next)!.connectorId)
    : undefined
  const anyConnected = Object.values(next.connections).some((list) => list?.length)
  foyer.store.setState({
    ...next,
    status: anyConnected ? 'connected' : next.status,
    ...accountFromConnection(next, connector, network.caipNetworkId),
  })
  persistConnections(foyer)
}
