import type { Foyer } from '../createFoyer.ts'
import { getEmbeddedConnector } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import type { NoAuthConnectorError } from '../errors/connection.ts'
import { type ConnectErrorType, type ConnectReturnType, connect } from './connect.ts'

export type ConnectPasskeyParameters = Record<string, never>
export type ConnectPasskeyReturnType = ConnectReturnType
export type ConnectPasskeyErrorType = NoAuthConnectorError | ConnectErrorType

/**
 * "Continue with a passkey": the embedded wallet's frame asks for one of its passkeys, logs the
 * visitor in and unlocks the wallet on this device with it, then the wallet connects like after
 * an email code. A cancelled passkey rejects with code 4001 ('The passkey was not used').
 */
export async function connectPasskey(
  foyer: Foyer,
  _parameters: ConnectPasskeyParameters = {},
): Promise<ConnectPasskeyReturnType> {
  const connector = getEmbeddedConnector(foyer)
  try {
    await connector.connectPasskey()
  } catch (error) {
    reportEmbeddedError(foyer, error)
    throw error
  }
  return connect(foyer, { connectorId: connector.id })
}
