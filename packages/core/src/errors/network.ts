import { BaseError, type BaseErrorParameters } from './base.ts'

export class UnsupportedChainError extends BaseError {
  override name = 'UnsupportedChainError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Unsupported chain', parameters)
  }
}

export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Network not found', parameters)
  }
}

export class SwitchNetworkError extends BaseError {
  override name = 'SwitchNetworkError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Failed to switch network', parameters)
  }
}

export class BalanceUnavailableError extends BaseError {
  override name = 'BalanceUnavailableError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Token Balance Unavailable', parameters)
  }
}
