// Apart from `InvalidAccountTypeError`, which `createFoyer` needs: this one only the account-type
// action throws, so it stays out of a page's first load.
import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * SPEC §6: a smart account only where smart accounts are enabled, i.e. the connected wallet has
 * one on this network (the embedded wallet has one where the server lists the network).
 */
export class SmartAccountNotEnabledError extends BaseError {
  override name = 'SmartAccountNotEnabledError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Smart accounts are not enabled on this network', parameters)
  }
}
