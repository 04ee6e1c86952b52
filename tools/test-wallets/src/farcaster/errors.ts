import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

export type { BaseErrorParameters } from '@foyer/core'

/** The one error class of the Farcaster client stand-in; a core `BaseError`. */
export class BaseError extends CoreBaseError {
  override name = 'FarcasterClientError'
}

/** The sign-in URL (the QR code's link) lacks a channel token, nonce, siweUri or domain. */
export class InvalidSignInUrlError extends BaseError {
  override name = 'InvalidSignInUrlError'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(`This is not a Sign In With Farcaster link: ${reason}.`, parameters)
  }
}

/** The account cannot sign as asked (e.g. an auth-address sign-in for an fid with none). */
export class InvalidFarcasterAccountError extends BaseError {
  override name = 'InvalidFarcasterAccountError'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(`The Farcaster account cannot sign in: ${reason}.`, parameters)
  }
}

/** `@farcaster/auth-client` refused to build the sign-in message from the link's parameters. */
export class SignInMessageError extends BaseError {
  override name = 'SignInMessageError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The sign-in message could not be built from the link.', parameters)
  }
}

/** The relay did not accept the signed message (wrong key, unknown or expired channel, …). */
export class FarcasterRelayRequestError extends BaseError {
  override name = 'FarcasterRelayRequestError'
  /** HTTP status of the relay's answer; undefined when it could not be reached. */
  readonly status: number | undefined
  constructor({ status, reason, cause }: { status?: number; reason: string; cause?: unknown }) {
    super(
      status === undefined
        ? `The Farcaster relay could not be reached: ${reason}.`
        : `The Farcaster relay refused the sign-in (HTTP ${status}): ${reason}.`,
      { cause },
    )
    this.status = status
  }
}
