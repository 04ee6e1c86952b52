// Apart from the other errors: `createFoyer` checks the app's account types with it, so it is part
// of every page's first load, alone.
import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * Not an account type of SPEC §3 (eoa, smartAccount, payment, ordinal), or not one the namespace
 * has: smart accounts exist on EVM only, payment and ordinal accounts on Bitcoin only.
 */
export class InvalidAccountTypeError extends BaseError {
  override name = 'InvalidAccountTypeError'
  readonly accountType: string
  readonly namespace: string
  constructor({
    accountType,
    namespace,
    ...parameters
  }: BaseErrorParameters & { accountType: string; namespace: string }) {
    super('Invalid account type', {
      ...parameters,
      details: parameters.details ?? `${namespace} has no ${accountType} accounts.`,
    })
    this.accountType = accountType
    this.namespace = namespace
  }
}
