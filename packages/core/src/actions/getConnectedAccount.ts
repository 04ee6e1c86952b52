import { getPreferredAccountType } from '../account/preferredAccountType.ts'
import { getActiveConnection, pickAccount } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { ConnectorNotFoundError, NotConnectedError } from '../errors/connection.ts'
import type { Connector } from '../types/connector.ts'
import type { ChainNamespace } from '../types/network.ts'

/**
 * The active connection's connector and address; throws when nothing is connected. With
 * `namespace`, that namespace's active connection (its account of the visitor's preferred type).
 */
export function getConnectedAccount(
  foyer: Foyer,
  namespace?: ChainNamespace,
): { connector: Connector; address: string } {
  const state = foyer.getState()
  const other = namespace !== undefined && namespace !== state.activeNamespace
  const connection = getActiveConnection(state, other ? namespace : undefined)
  const address = other
    ? connection &&
      pickAccount(connection.accounts, getPreferredAccountType(foyer, namespace))?.address
    : state.account.address
  if (!connection || !address) throw new NotConnectedError()
  const connector = foyer.getConnector(connection.connectorId)
  if (!connector) throw new ConnectorNotFoundError({ connectorId: connection.connectorId })
  return { connector, address }
}
