import type { Foyer } from '../createFoyer.ts'
import { InvalidEmailError } from '../embedded/errors.ts'
import { requireEmbeddedConnection } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import type { NotConnectedToEmailError } from '../errors/connection.ts'
import { isEmail } from '../utils/validation.ts'

export type UpdateEmailParameters = { email: string }
export type UpdateEmailReturnType = { action: 'VERIFY_PRIMARY_OTP'; email: string }
export type UpdateEmailErrorType = InvalidEmailError | NotConnectedToEmailError

/**
 * Starts changing the login email: a code goes to the current email first. Only for an account
 * connected through the embedded wallet, else 'Not connected to email or social' (SPEC §6).
 */
export async function updateEmail(
  foyer: Foyer,
  parameters: UpdateEmailParameters,
): Promise<UpdateEmailReturnType> {
  const connector = requireEmbeddedConnection(foyer)
  const email = parameters.email.trim()
  if (!isEmail(email)) throw new InvalidEmailError()
  try {
    const { action } = await connector.updateEmail({ email })
    return { action, email }
  } catch (error) {
    reportEmbeddedError(foyer, error)
    throw error
  }
}
