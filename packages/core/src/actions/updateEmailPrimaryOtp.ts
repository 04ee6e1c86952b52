import type { Foyer } from '../createFoyer.ts'
import { InvalidOtpError } from '../embedded/errors.ts'
import { requireEmbeddedConnection } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import type { NotConnectedToEmailError } from '../errors/connection.ts'
import { OTP_PATTERN } from './verifyOtp.ts'

export type UpdateEmailPrimaryOtpParameters = { otp: string }
export type UpdateEmailPrimaryOtpReturnType = { action: 'VERIFY_SECONDARY_OTP' }
export type UpdateEmailPrimaryOtpErrorType = InvalidOtpError | NotConnectedToEmailError

/** Email change, step 2: the code sent to the current email; a code then goes to the new one. */
export async function updateEmailPrimaryOtp(
  foyer: Foyer,
  parameters: UpdateEmailPrimaryOtpParameters,
): Promise<UpdateEmailPrimaryOtpReturnType> {
  const connector = requireEmbeddedConnection(foyer)
  const otp = parameters.otp.trim()
  if (!OTP_PATTERN.test(otp)) throw new InvalidOtpError()
  try {
    return await connector.updateEmailPrimaryOtp({ otp })
  } catch (error) {
    reportEmbeddedError(foyer, error)
    throw error
  }
}
