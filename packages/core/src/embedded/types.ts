import type { Connector } from '../types/connector.ts'

/** What the server wants next after an email was entered (SPEC §4). */
export type EmailLoginAction = 'VERIFY_DEVICE' | 'VERIFY_OTP'

/**
 * The embedded wallet's connector (`type: 'auth'`): the Connector contract plus the email login
 * and email update steps. `connect()` finishes a login whose code was verified, it never prompts.
 */
export type EmbeddedAuthConnector = Connector & {
  type: 'auth'
  /** Sends the login email; resolves with the next step. */
  connectEmail(parameters: { email: string }): Promise<{ action: EmailLoginAction }>
  /** Resolves once the approval link of the device-verification email was followed. */
  connectDevice(): Promise<void>
  /** Verifies the one-time code; afterwards `connect()` returns the accounts. */
  connectOtp(parameters: { otp: string }): Promise<void>
  updateEmail(parameters: { email: string }): Promise<{ action: 'VERIFY_PRIMARY_OTP' }>
  updateEmailPrimaryOtp(parameters: { otp: string }): Promise<{ action: 'VERIFY_SECONDARY_OTP' }>
  updateEmailSecondaryOtp(parameters: { otp: string }): Promise<{ email: string }>
  /** The email of the logged-in user, once known. */
  getEmail(): string | undefined
}

export function isEmbeddedAuthConnector(
  connector: Connector | undefined,
): connector is EmbeddedAuthConnector {
  return (
    connector?.type === 'auth' &&
    typeof (connector as Partial<EmbeddedAuthConnector>).connectEmail === 'function'
  )
}
