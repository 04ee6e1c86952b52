import type { Foyer } from '../createFoyer.ts'
import { assertEmailLoginAllowed, recordEmailLogin } from '../embedded/emailLoginCooldown.ts'
import type { EmailLoginCooldownError } from '../embedded/errors.ts'
import { InvalidEmailError } from '../embedded/errors.ts'
import { getEmbeddedConnector } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import type { EmailLoginAction } from '../embedded/types.ts'
import type { NoAuthConnectorError } from '../errors/connection.ts'
import { isEmail } from '../utils/validation.ts'

export type ConnectEmailParameters = { email: string }
export type ConnectEmailReturnType = { action: EmailLoginAction; email: string }
export type ConnectEmailErrorType =
  | InvalidEmailError
  | EmailLoginCooldownError
  | NoAuthConnectorError

/**
 * Starts an email login through the embedded wallet (loading its frame on first use). Resolves
 * with the next step: the one-time code (`VERIFY_OTP`, the same for every address, so it tells
 * nobody which have an account; a device the account never used is asked for approval after its
 * right code, see `verifyOtp`). At most once per 30 s: 'Please try again after {n} seconds'.
 */
export async function connectEmail(
  foyer: Foyer,
  parameters: ConnectEmailParameters,
): Promise<ConnectEmailReturnType> {
  const email = parameters.email.trim()
  if (!isEmail(email)) throw new InvalidEmailError()
  const connector = getEmbeddedConnector(foyer)
  assertEmailLoginAllowed(foyer)
  try {
    const { action } = await connector.connectEmail({ email })
    recordEmailLogin(foyer)
    return { action, email }
  } catch (error) {
    reportEmbeddedError(foyer, error)
    throw error
  }
}
