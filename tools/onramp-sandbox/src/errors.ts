import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

export type { BaseErrorParameters } from '@foyer/core'

/** The one error class of `@foyer/onramp-sandbox`; a core `BaseError`, every error a subclass. */
export class BaseError extends CoreBaseError {
  override name = 'OnRampSandboxError'
}

/** `createOnRampSandbox` was given a parameter it cannot use (bad port, duplicate network, …). */
export class InvalidOnRampSandboxParametersError extends BaseError {
  override name = 'InvalidOnRampSandboxParametersError'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(`Invalid on-ramp sandbox parameters: ${reason}.`, parameters)
  }
}

/** The sandbox could not start listening (port taken, bad host, …). */
export class OnRampSandboxListenError extends BaseError {
  override name = 'OnRampSandboxListenError'
  readonly address: string
  constructor(address: string, parameters: BaseErrorParameters = {}) {
    super(`The on-ramp sandbox could not listen on ${address}.`, {
      metaMessages: [`Stop whatever listens on ${address}, or choose another port.`],
      ...parameters,
    })
    this.address = address
  }
}

/** A CDP API key JWT was missing or did not verify; `shortMessage` says why (the 401's text). */
export class UnauthorizedError extends BaseError {
  override name = 'UnauthorizedError'
}

/** No USD price is known for a symbol on a network (give `usdPrice`). */
export class UnknownPriceError extends BaseError {
  override name = 'UnknownPriceError'
  constructor(symbol: string, network: string, parameters: BaseErrorParameters = {}) {
    super(`No USD price is known for ${symbol} on ${network}.`, {
      metaMessages: ['Pass `usdPrice` to createOnRampSandbox to price it.'],
      ...parameters,
    })
  }
}

/** Sending a purchase from the treasury failed (RPC error, revert, not enough funds…). */
export class DeliveryError extends BaseError {
  override name = 'DeliveryError'
}

export type OnRampApiErrorType = 'unauthorized' | 'invalid_request' | 'not_found' | 'internal_error'

/**
 * An API answer other than 2xx, in Coinbase's shape: `{ errorType, errorMessage }` with the HTTP
 * status (401 unauthorized, 400 invalid_request, 404 not_found, 500 internal_error).
 */
export class OnRampApiError extends BaseError {
  override name = 'OnRampApiError'
  readonly status: number
  readonly errorType: OnRampApiErrorType
  constructor(
    status: number,
    errorType: OnRampApiErrorType,
    errorMessage: string,
    parameters: BaseErrorParameters = {},
  ) {
    super(errorMessage, parameters)
    this.status = status
    this.errorType = errorType
  }
}
