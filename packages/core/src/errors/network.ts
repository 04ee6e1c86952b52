import { BaseError, type BaseErrorParameters } from './base.ts'

export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Network not found', parameters)
  }
}
