import { BaseError, type BaseErrorParameters } from '../errors/base.ts'

/** SPEC §8: the server has no swap venue for the network. */
export class SwapNetworkNotSupportedError extends BaseError {
  override name = 'SwapNetworkNotSupportedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Network not supported for Swaps', parameters)
  }
}

/** No pool (or path) exchanges the pair, or the amount is too large for the pools. */
export class SwapQuoteUnavailableError extends BaseError {
  override name = 'SwapQuoteUnavailableError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('No route for this swap', parameters)
  }
}

/** The amount is not a positive decimal the token can hold, or exceeds the balance. */
export class InvalidSwapAmountError extends BaseError {
  override name = 'InvalidSwapAmountError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Enter an amount you have', parameters)
  }
}

/**
 * The swap or its approval failed on chain, e.g. the price moved beyond the slippage tolerance
 * between the quote and the transaction: nothing was exchanged.
 */
export class SwapFailedError extends BaseError {
  override name = 'SwapFailedError'
  constructor(parameters: BaseErrorParameters & { shortMessage?: string } = {}) {
    super(parameters.shortMessage ?? 'Swap failed', parameters)
  }
}
