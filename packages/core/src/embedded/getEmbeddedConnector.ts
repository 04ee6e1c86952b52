import { getActiveConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { NoAuthConnectorError, NotConnectedToEmailError } from '../errors/connection.ts'
import type { ChainNamespace } from '../types/network.ts'
import { type EmbeddedAuthConnector, isEmbeddedAuthConnector } from './types.ts'

/**
 * The configured embedded-wallet connector, the eip155 one when the wallet serves several
 * namespaces (email login goes through it); 'No auth connector found' when there is none.
 */
export function getEmbeddedConnector(foyer: Foyer): EmbeddedAuthConnector {
  const connectors = foyer.getState().connectors.filter(isEmbeddedAuthConnector)
  const connector = connectors.find((c) => c.namespace === 'eip155') ?? connectors[0]
  if (!connector) throw new NoAuthConnectorError()
  return connector
}

/** The embedded connector the active account is connected through, if it is. */
export function getConnectedEmbeddedConnector(foyer: Foyer): EmbeddedAuthConnector | undefined {
  const state = foyer.getState()
  const namespace: ChainNamespace | undefined = state.activeNamespace
  const connection = namespace && getActiveConnection(state, namespace)
  if (!connection) return undefined
  const connector = foyer.getConnector(connection.connectorId)
  return isEmbeddedAuthConnector(connector) ? connector : undefined
}

/** SPEC §6: email update only through the embedded connector, else 'Not connected to email or social'. */
export function requireEmbeddedConnection(foyer: Foyer): EmbeddedAuthConnector {
  const connector = getConnectedEmbeddedConnector(foyer)
  if (!connector) throw new NotConnectedToEmailError()
  return connector
}
