import { getActiveConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { ConnectorNotFoundError, NotConnectedError } from '../errors/connection.ts'
import type { Connector } from '../types/connector.ts'

/** The active connection's connector and address; throws when nothing is connected. */
export function getConnectedAccount(foyer: Foyer): { connector: Connector; address: string } {
  const state = foyer.getState()
  const connection = getActiveConnection(state)
  const address = state.account.address
  if (!connection || !address) throw new NotConnectedError()
  const connector = foyer.getConnector(connection.connectorId)
  if (!connector) throw new ConnectorNotFoundError({ connectorId: connection.connectorId })
  return { connector, address }
}
