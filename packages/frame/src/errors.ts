import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

export type { BaseErrorParameters }

/**
 * The one error class of `@foyer/frame`; a core `BaseError`, so the dialog shows `shortMessage`
 * (the SPEC §8 text when there is one).
 */
export class BaseError extends CoreBaseError {
  override name = 'FoyerFrameError'
}

/** The frame page did not send READY in time (SPEC §8, §9: 20 s). */
export class IframeLoadFailedError extends BaseError {
  override name = 'IframeLoadFailedError'
  readonly code = 'iframe_load_failed'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Network Error - Could not load embedded wallet', parameters)
  }
}

/** The frame did not answer a request in time (SPEC §8, §9: 120 s). */
export class IframeRequestTimeoutError extends BaseError {
  override name = 'IframeRequestTimeoutError'
  readonly code = 'iframe_request_timeout'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Embedded Wallet Request Timed Out', parameters)
  }
}

/**
 * The embedded wallet's own code (loaded with `import()` on first use) could not be loaded: the
 * network dropped, or the app was redeployed and the chunk is gone (SPEC §8).
 */
export class EmailLoginImportError extends BaseError {
  override name = 'EmailLoginImportError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Unable to load email login dependency', parameters)
  }
}

/** A pending request was given up (after a timeout, or when the client was destroyed). */
export class RequestAbortedError extends BaseError {
  override name = 'RequestAbortedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Request was aborted', parameters)
  }
}

/** The frame answered with an `…_ERROR` message. */
export class FrameRequestError extends BaseError {
  override name = 'FrameRequestError'
  readonly code: number | undefined
  constructor(message: string, parameters: BaseErrorParameters & { code?: number } = {}) {
    super(message, parameters)
    this.code = parameters.code
  }
}

/** Two shares did not rebuild the wallet they claim to belong to. */
export class ShareMismatchError extends BaseError {
  override name = 'ShareMismatchError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The key shares do not belong to this wallet', parameters)
  }
}

/** A sealed box (recovery share) could not be opened: wrong key or tampered ciphertext. */
export class SealedBoxOpenError extends BaseError {
  override name = 'SealedBoxOpenError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The sealed share could not be decrypted', parameters)
  }
}

/** An HTTP call to the auth API failed; `status` is the HTTP status. */
export class AuthApiError extends BaseError {
  override name = 'AuthApiError'
  readonly status: number
  /** The challenge of a 429 `proof_required` (solved by `createHttpAuthApi`). */
  readonly proofOfWork: { challenge: string; difficulty: number } | undefined
  constructor(
    message: string,
    parameters: BaseErrorParameters & {
      status: number
      proofOfWork?: { challenge: string; difficulty: number } | undefined
    },
  ) {
    super(message, parameters)
    this.status = parameters.status
    this.proofOfWork = parameters.proofOfWork
  }
}

/** A Solana signature or transfer was asked before login, or for an address not the user's. */
export class AccountNotConnectedError extends BaseError {
  override name = 'AccountNotConnectedError'
  constructor(parameters: BaseErrorParameters & { address?: string | undefined } = {}) {
    super('Address or auth connector not found', {
      ...parameters,
      details:
        parameters.details ??
        (parameters.address ? `${parameters.address} is not the logged-in account.` : undefined),
    })
  }
}

/** A recovery factor (password, passkey, another device's key) did not open the recovery key. */
export class WrongRecoveryFactorError extends BaseError {
  override name = 'WrongRecoveryFactorError'
  constructor(message = 'Wrong recovery password', parameters: BaseErrorParameters = {}) {
    super(message, parameters)
  }
}

/** This device holds no share of the wallet and was not recovered yet: it cannot sign. */
export class WalletLockedError extends BaseError {
  override name = 'WalletLockedError'
  readonly code = 4100
  constructor(parameters: BaseErrorParameters = {}) {
    super('Recover your wallet on this device first', parameters)
  }
}

/** The visitor declined in the frame (EIP-1193 4001). */
export class UserRejectedError extends BaseError {
  override name = 'UserRejectedError'
  readonly code = 4001
  constructor(parameters: BaseErrorParameters = {}) {
    super('User rejected the request.', parameters)
  }
}
