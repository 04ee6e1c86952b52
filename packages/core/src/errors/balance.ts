// Apart from `NetworkNotFoundError`, which `createFoyer` needs: only the balance actions throw
// this one, so it stays out of a page's first load.
import { BaseError, type BaseErrorParameters } from './base.ts'

export class BalanceUnavailableError extends BaseError {
  override name = 'BalanceUnavailableError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Token Balance Unavailable', parameters)
  }
}
