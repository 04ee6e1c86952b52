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
