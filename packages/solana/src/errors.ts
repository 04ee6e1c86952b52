import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of `@foyer/solana`; a core `BaseError`, so the dialog shows `shortMessage`. */
export class BaseError extends CoreBaseError {
  override name = 'FoyerSolanaError'
}

/** The wallet lacks a wallet-standard feature the requested action needs. */
export class WalletFeatureNotSupportedError extends BaseError {
  override name = 'WalletFeatureNotSupportedError'
  readonly feature: string
  constructor({ feature, ...parameters }: BaseErrorParameters & { feature: string }) {
    super(`The wallet does not support ${feature}`, parameters)
    this.feature = feature
  }
}

/** A Solana action was called before the wallet authorised an account. */
export class AccountNotConnectedError extends BaseError {
  override name = 'AccountNotConnectedError'
  constructor(parameters: BaseErrorParameters & { address?: string | undefined } = {}) {
    super('Address or auth connector not found', {
      ...parameters,
      details:
        parameters.details ??
        (parameters.address ? `${parameters.address} is not connected.` : undefined),
    })
  }
}

/** Not a Solana address (SPEC §5: 32 to 44 base58 characters, and a valid ed25519 key length). */
export class InvalidSolanaAddressError extends BaseError {
  override name = 'InvalidSolanaAddressError'
  readonly address: string
  constructor({ address, ...parameters }: BaseErrorParameters & { address: string }) {
    super('Invalid Solana address', { ...parameters, details: parameters.details ?? address })
    this.address = address
  }
}

/** The sending account holds less of the token than it tries to send. */
export class InsufficientTokenBalanceError extends BaseError {
  override name = 'InsufficientTokenBalanceError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Insufficient token balance', parameters)
  }
}

/** The RPC rejected or failed a transaction, or did not confirm it in time. */
export class TransactionFailedError extends BaseError {
  override name = 'TransactionFailedError'
  readonly signature: string | undefined
  constructor({ signature, ...parameters }: BaseErrorParameters & { signature?: string }) {
    super('Transaction failed', parameters)
    this.signature = signature
  }
}

/** `connector.request` got a method this connector neither signs nor forwards. */
export class MethodNotSupportedError extends BaseError {
  override name = 'MethodNotSupportedError'
  readonly code = 4200
  constructor({ method, ...parameters }: BaseErrorParameters & { method: string }) {
    super(`Method not supported: ${method}`, parameters)
  }
}

/** A cluster's RPC answered a forwarded read with a JSON-RPC error; `code` is its code. */
export class RpcResponseError extends BaseError {
  override name = 'RpcResponseError'
  readonly code: number
  constructor(message: string, parameters: BaseErrorParameters & { code: number }) {
    super(message, parameters)
    this.code = parameters.code
  }
}
