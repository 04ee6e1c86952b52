import { BaseError, type BaseErrorParameters } from '../errors/base.ts'

export class InvalidEmailError extends BaseError {
  override name = 'InvalidEmailError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Enter a valid email address', parameters)
  }
}

/** The one-time code is not the 6 digits the server sends. */
export class InvalidOtpError extends BaseError {
  override name = 'InvalidOtpError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Enter the 6-digit code', parameters)
  }
}

/** Email login was triggered again within the 30 s cooldown (SPEC §5). */
export class EmailLoginCooldownError extends BaseError {
  override name = 'EmailLoginCooldownError'
  readonly retryAfterSeconds: number
  constructor({
    retryAfterSeconds,
    ...parameters
  }: BaseErrorParameters & { retryAfterSeconds: number }) {
    super(`Please try again after ${retryAfterSeconds} seconds`, parameters)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** The server could not start a social login (provider not configured or unreachable). */
export class SocialConnectionInitError extends BaseError {
  override name = 'SocialConnectionInitError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Failed to initiate social connection', parameters)
  }
}

/** A Sign In With Farcaster request failed or expired before the visitor approved it. */
export class FarcasterConnectionError extends BaseError {
  override name = 'FarcasterConnectionError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Failed to connect to farcaster', parameters)
  }
}
