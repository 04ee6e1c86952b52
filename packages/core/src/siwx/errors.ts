import { BaseError, type BaseErrorParameters } from '../errors/base.ts'

/** `siwx` is not configured: the app asked to sign in without a verifier. */
export class SiwxNotConfiguredError extends BaseError {
  override name = 'SiwxNotConfiguredError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Sign-in is not configured', parameters)
  }
}

/** The verifier refused the sign-in, or could not be reached; the server's reason in `details`. */
export class SiwxSignInError extends BaseError {
  override name = 'SiwxSignInError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Sign-in failed', parameters)
  }
}
