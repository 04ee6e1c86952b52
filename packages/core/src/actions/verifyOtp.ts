import type { Foyer } from '../createFoyer.ts'
import { InvalidOtpError } from '../embedded/errors.ts'
import { getEmbeddedConnector } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import type { NoAuthConnectorError } from '../errors/connection.ts'
import { type ConnectErrorType, type ConnectReturnType, connect } from './connect.ts'

export type VerifyOtpParameters = { otp: string }
export type VerifyOtpReturnType = ConnectReturnType
export type VerifyOtpErrorType = InvalidOtpError | NoAuthConnectorError | ConnectErrorType

/** One-time code format: the server sends 6 digits. */
export const OTP_PATTERN = /^\d{6}$/

/** Verifies the emailed one-time code, then connects the embedded wallet (closing the dialog). */
export async function verifyOtp(
  foyer: Foyer,
  parameters: VerifyOtpParameters,
): Promise<VerifyOtpReturnType> {
  const otp = parameters.otp.trim()
  if (!OTP_PATTERN.test(otp)) throw new InvalidOtpError()
  const connector = getEmbeddedConnector(foyer)
  try {
    await connector.connectOtp({ otp })
  } catch (error) {
    reportEmbeddedError(foyer, error)
    throw error
  }
  return connect(foyer, { connectorId: connector.id })
}
