import { BaseError, type BaseErrorParameters } from './base.ts'

export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Network not found', parameters)
  }
}

export class BalanceUnavailableError extends BaseError {
  override name = 'BalanceUnavailableError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Token Balance Unavailable', parameters)
  }
}
