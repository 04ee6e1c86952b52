import type { Foyer } from '../createFoyer.ts'
import { getEmbeddedConnector } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import type { NoAuthConnectorError } from '../errors/connection.ts'

export type VerifyDeviceReturnType = undefined
export type VerifyDeviceErrorType = NoAuthConnectorError

/**
 * Waits until the visitor followed the device approval link from the email (the frame polls the
 * server); the one-time code is mailed then.
 */
export async function verifyDevice(foyer: Foyer): Promise<VerifyDeviceReturnType> {
  const connector = getEmbeddedConnector(foyer)
  try {
    await connector.connectDevice()
  } catch (error) {
    reportEmbeddedError(foyer, error)
    throw error
  }
}
