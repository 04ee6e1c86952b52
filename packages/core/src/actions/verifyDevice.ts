import type { Foyer } from '../createFoyer.ts'
import { getEmbeddedConnector } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import type { NoAuthConnectorError } from '../errors/connection.ts'
import { type ConnectErrorType, type ConnectReturnType, connect } from './connect.ts'

export type VerifyDeviceReturnType = ConnectReturnType
export type VerifyDeviceErrorType = NoAuthConnectorError | ConnectErrorType

/**
 * After `verifyOtp` answered `VERIFY_DEVICE` (a right code on a device the account never used):
 * waits until the account's owner approved this device, from the page of the emailed link or a
 * signed-in device (the frame polls the server), then connects the embedded wallet (closing the
 * dialog). Fails with the server's message when the owner chose "This wasn't me".
 */
export async function verifyDevice(foyer: Foyer): Promise<VerifyDeviceReturnType> {
  const connector = getEmbeddedConnector(foyer)
  try {
    await connector.connectDevice()
  } catch (error) {
    reportEmbeddedError(foyer, error)
    throw error
  }
  return connect(foyer, { connectorId: connector.id, authName: 'email' })
}
