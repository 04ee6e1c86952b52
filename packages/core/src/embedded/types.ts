import type { SocialOption, SocialProvider } from '../types/config.ts'
import type { Connector } from '../types/connector.ts'

/**
 * What the server wants next after an email was entered (SPEC §4). This server always answers
 * `VERIFY_OTP` (the same for every address, so no one learns which have an account); a device the
 * account never used is asked for approval after its right code (`connectOtp`).
 */
export type EmailLoginAction = 'VERIFY_DEVICE' | 'VERIFY_OTP'

/**
 * The embedded wallet's connector (`type: 'auth'`): the Connector contract plus the email login
 * and email update steps. `connect()` finishes a login whose code was verified, it never prompts.
 */
export type EmbeddedAuthConnector = Connector & {
  type: 'auth'
  /** Sends the login email; resolves with the next step. */
  connectEmail(parameters: { email: string }): Promise<{ action: EmailLoginAction }>
  /**
   * After `connectOtp` answered `VERIFY_DEVICE`: resolves once the account's owner approved this
   * device (the emailed page or a signed-in device); afterwards `connect()` returns the accounts.
   */
  connectDevice(): Promise<void>
  /**
   * Verifies the one-time code; afterwards `connect()` returns the accounts, unless it answers
   * `action: 'VERIFY_DEVICE'` (the account never used this device: `connectDevice` waits).
   */
  connectOtp(parameters: {
    otp: string
  }): Promise<{ action?: 'VERIFY_DEVICE' | undefined } | undefined>
  /**
   * Whether "Continue with a passkey" can work here (the app said so: the frame runs on a domain,
   * where WebAuthn works, not on an IP address).
   */
  isPasskeyLoginAvailable(): boolean
  /**
   * Logs in with a passkey of the wallet's frame (one tap) and, on a new device, unlocks the
   * wallet with the same passkey; afterwards `connect()` returns the accounts.
   */
  connectPasskey(): Promise<void>
  /** The secure frame's origin: only its pages hand back a social login result. */
  readonly secureOrigin: string
  /** Starts a social login in the frame: the provider's authorization URL for the popup. */
  getSocialRedirectUri(parameters: { provider: SocialProvider }): Promise<{ uri: string }>
  /** Completes the social login from the result URI the popup posted; then `connect()` works. */
  connectSocial(parameters: { uri: string }): Promise<{ userName?: string | undefined }>
  /** Starts a Sign In With Farcaster request: the URL for its QR code and deep link. */
  getFarcasterUri(): Promise<{ url: string; expiresAt: string }>
  /** Resolves once the visitor approved in their Farcaster client; then `connect()` works. */
  connectFarcaster(): Promise<{ userName?: string | undefined }>
  /** How the logged-in visitor logged in (email, or a provider and its display name). */
  getLoginIdentity(): EmbeddedLoginIdentity | undefined
  updateEmail(parameters: { email: string }): Promise<{ action: 'VERIFY_PRIMARY_OTP' }>
  updateEmailPrimaryOtp(parameters: { otp: string }): Promise<{ action: 'VERIFY_SECONDARY_OTP' }>
  updateEmailSecondaryOtp(parameters: { otp: string }): Promise<{ email: string }>
  /** The email of the logged-in user, once known. */
  getEmail(): string | undefined
  /**
   * How the wallet can be recovered, once the frame said: the visitor's methods, whether the
   * operator can recover it, and whether this device cannot sign until recovered here.
   */
  getRecoveryStatus(): EmbeddedRecoveryStatus | undefined
  /** Opens the wallet's own view (in the secure frame) to add a recovery method. */
  setupRecovery(): Promise<EmbeddedRecoveryStatus | undefined>
  /** On a device that cannot sign yet: opens the wallet's recovery view. */
  unlockWallet(): Promise<EmbeddedRecoveryStatus | undefined>
  /** Opens the wallet's key export view; the key is shown in the secure frame only. */
  exportKey(): Promise<void>
  /**
   * Has the secure frame read its session from the server again (SPEC §7 reload), e.g. after a
   * sign-out in another tab, and tells core what changed (`disconnect`, `accountsChanged`).
   */
  reload?(): Promise<{ isConnected: boolean }>
}

export type EmbeddedLoginIdentity = {
  email?: string | undefined
  /** The social provider or `farcaster` the account logs in with. */
  socialProvider?: SocialOption | undefined
  /** The provider's display name. */
  userName?: string | undefined
}

export type EmbeddedRecoveryStatus = {
  methods: readonly ('password' | 'passkey')[]
  operatorRecovery: boolean
  locked: boolean
}

export function isEmbeddedAuthConnector(
  connector: Connector | undefined,
): connector is EmbeddedAuthConnector {
  return (
    connector?.type === 'auth' &&
    typeof (connector as Partial<EmbeddedAuthConnector>).connectEmail === 'function'
  )
}
