import type { Foyer } from '../createFoyer.ts'
import { InvalidOtpError } from '../embedded/errors.ts'
import { getEmbeddedConnector } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import type { NoAuthConnectorError } from '../errors/connection.ts'
import { type ConnectErrorType, type ConnectReturnType, connect } from './connect.ts'

export type VerifyOtpParameters = { otp: string }
/**
 * Connected, or `action: 'VERIFY_DEVICE'`: the code was right, but the account never used this
 * device; its owner approves it first (`verifyDevice` waits for that, then connects).
 */
export type VerifyOtpReturnType = ConnectReturnType | { action: 'VERIFY_DEVICE' }
export type VerifyOtpErrorType = InvalidOtpError | NoAuthConnectorError | ConnectErrorType

/** One-time code format: the server sends 6 digits. */
export const OTP_PATTERN = /^\d{6}$/

/**
 * Verifies the emailed one-time code, then connects the embedded wallet (closing the dialog);
 * on a device the account never used, resolves `{ action: 'VERIFY_DEVICE' }` instead.
 */
export async function verifyOtp(
  foyer: Foyer,
  parameters: VerifyOtpParameters,
): Promise<VerifyOtpReturnType> {
  const otp = parameters.otp.trim()
  if (!OTP_PATTERN.test(otp)) throw new InvalidOtpError()
  const connector = getEmbeddedConnector(foyer)
  let next: Awaited<ReturnType<typeof connector.connectOtp>>
  try {
    next = await connector.connectOtp({ otp })
  } catch (error) {
    reportEmbeddedError(foyer, error)
    throw error
  }
  if (next?.action === 'VERIFY_DEVICE') return { action: 'VERIFY_DEVICE' }
  return connect(foyer, { connectorId: connector.id, authName: 'email' })
}
