import { BaseError, type BaseErrorParameters } from '../errors/base.ts'

/** Buying is off for the app, or the active network is neither EVM nor Solana (SPEC §6). */
export class OnRampNetworkNotSupportedError extends BaseError {
  override name = 'OnRampNetworkNotSupportedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Buying crypto is not available on this network', parameters)
  }
}

/** The amount is not a fiat amount (at most 2 decimals, more than 0). */
export class InvalidOnRampAmountError extends BaseError {
  override name = 'InvalidOnRampAmountError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Enter an amount such as 50.00', parameters)
  }
}

/**
 * The amount is outside the payment method's limit: 'Minimum for card is 10.00 USD' (the
 * server's text, the same on both sides).
 */
export class OnRampAmountOutOfRangeError extends BaseError {
  override name = 'OnRampAmountOutOfRangeError'
  readonly bound: 'min' | 'max'
  readonly limit: string
  constructor(
    shortMessage: string,
    parameters: BaseErrorParameters & { bound: 'min' | 'max'; limit: string },
  ) {
    super(shortMessage, parameters)
    this.bound = parameters.bound
    this.limit = parameters.limit
  }
}

/** Neither the provider nor the server could price the purchase. */
export class OnRampQuoteUnavailableError extends BaseError {
  override name = 'OnRampQuoteUnavailableError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('No quote for this purchase right now', parameters)
  }
}

/** The server has no on-ramp provider, or it refused to start a checkout. */
export class OnRampCheckoutError extends BaseError {
  override name = 'OnRampCheckoutError'
  constructor(parameters: BaseErrorParameters & { shortMessage?: string } = {}) {
    super(parameters.shortMessage ?? 'The checkout could not be opened', parameters)
  }
}
