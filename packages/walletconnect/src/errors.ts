import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of `@foyer/walletconnect`. */
export class BaseError extends CoreBaseError {
  override name = 'WalletConnectError'
}

/** The WalletConnect SDK could not be downloaded or initialised (relay unreachable, bad config). */
export class WalletConnectInitError extends BaseError {
  override name = 'WalletConnectInitError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Failed to connect', parameters)
  }
}

/** A request needs a session, and there is none. */
export class SessionNotFoundError extends BaseError {
  override name = 'SessionNotFoundError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Address or auth connector not found', {
      details: 'No WalletConnect session.',
      ...parameters,
    })
  }
}

/**
 * The wallet did not approve the method in this session (a wallet without EIP-5792 batches, say):
 * code 4200, "method not supported" (EIP-1193), before anything reaches the wallet.
 */
export class MethodNotApprovedError extends BaseError {
  override name = 'MethodNotApprovedError'
  readonly code = 4200
  readonly method: string
  constructor({ method, ...parameters }: BaseErrorParameters & { method: string }) {
    super(`The wallet does not support ${method}`, {
      details: `The WalletConnect session does not list ${method}.`,
      ...parameters,
    })
    this.method = method
  }
}
