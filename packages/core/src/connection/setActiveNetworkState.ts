import type { Foyer } from '../createFoyer.ts'
import { initialSendState } from '../send/initialSendState.ts'
import type { FoyerState } from '../types/state.ts'
import {
  accountFromConnection,
  getActiveConnection,
  hasLiveConnection,
  persistConnections,
} from './state.ts'

/**
 * Makes a network the active one (and its namespace the active namespace) and follows the account;
 * a new namespace also gets an empty send form.
 */
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
    // Moving to another namespace empties the send form (SPEC §4): none of it applies there.
    send: network.chainNamespace === state.activeNamespace ? state.send : initialSendState,
  }
  const connector = getActiveConnection(next)
    ? foyer.getConnector(getActiveConnection(next)!.connectorId)
    : undefined
  const anyConnected = hasLiveConnection(next.connections)
  foyer.store.setState({
    ...next,
    status: anyConnected ? 'connected' : next.status,
    ...accountFromConnection(foyer, next, connector, network.caipNetworkId),
  })
  persistConnections(foyer)
}
