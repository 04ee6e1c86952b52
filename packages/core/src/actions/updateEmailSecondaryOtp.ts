import type { Foyer } from '../createFoyer.ts'
import { clearEmailLogin } from '../embedded/emailLoginCooldown.ts'
import { InvalidOtpError } from '../embedded/errors.ts'
import { requireEmbeddedConnection } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import type { NotConnectedToEmailError } from '../errors/connection.ts'
import { OTP_PATTERN } from './verifyOtp.ts'

export type UpdateEmailSecondaryOtpParameters = { otp: string }
export type UpdateEmailSecondaryOtpReturnType = { email: string }
export type UpdateEmailSecondaryOtpErrorType = InvalidOtpError | NotConnectedToEmailError

/**
 * Email change, last step: the code sent to the new email. On success the new email is stored
 * and the last email-login time cleared (SPEC §4).
 */
export async function updateEmailSecondaryOtp(
  foyer: Foyer,
  parameters: UpdateEmailSecondaryOtpParameters,
): Promise<UpdateEmailSecondaryOtpReturnType> {
  const connector = requireEmbeddedConnection(foyer)
  const otp = parameters.otp.trim()
  if (!OTP_PATTERN.test(otp)) throw new InvalidOtpError()
  try {
    const { email } = await connector.updateEmailSecondaryOtp({ otp })
    clearEmailLogin(foyer)
    return { email }
  } catch (error) {
    reportEmbeddedError(foyer, error)
    throw error
  }
}
