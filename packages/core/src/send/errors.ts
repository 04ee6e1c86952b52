import { BaseError, type BaseErrorParameters } from '../errors/base.ts'
import { UserRejectedRequestError } from '../errors/connection.ts'

/** SPEC §5: sending needs an amount and a receiver address. */
export class SendAmountAndReceiverRequiredError extends BaseError {
  override name = 'SendAmountAndReceiverRequiredError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('An amount and receiver address are required', parameters)
  }
}

/** SPEC §5: sending needs a token. */
export class SendTokenRequiredError extends BaseError {
  override name = 'SendTokenRequiredError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('A token is required', parameters)
  }
}

export class InvalidReceiverAddressError extends BaseError {
  override name = 'InvalidReceiverAddressError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Invalid receiver address', parameters)
  }
}

export class InvalidSendAmountError extends BaseError {
  override name = 'InvalidSendAmountError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Invalid amount', parameters)
  }
}

export class InsufficientBalanceError extends BaseError {
  override name = 'InsufficientBalanceError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Insufficient balance', parameters)
  }
}

/** Send works only on EVM and Solana networks (SPEC §6), and only with a wallet that can send. */
export class SendNotSupportedError extends BaseError {
  override name = 'SendNotSupportedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Send is not supported on this network', parameters)
  }
}

/** The transaction was mined but reverted. */
export class TransactionFailedError extends BaseError {
  override name = 'TransactionFailedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Transaction failed', parameters)
  }
}

/** The visitor refused the transaction in the wallet (EIP-1193 4001). */
export class SendRejectedError extends UserRejectedRequestError {
  override name = 'SendRejectedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super({ ...parameters, shortMessage: 'Transaction rejected' })
  }
}
