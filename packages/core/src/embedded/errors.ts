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
