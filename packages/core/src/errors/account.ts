// Apart from the other errors so that a page showing only a button loads it only when the app
// configures account types.
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
