import {
  type BaseErrorParameters,
  BaseError as CoreBaseError,
  isUserRejectedRequestError,
  UserRejectedRequestError,
} from '@foyer/core'

/** The one error class of `@foyer/cosmos`; a core `BaseError`, so the dialog shows `shortMessage`. */
export class BaseError extends CoreBaseError {
  override name = 'FoyerCosmosError'
}

/** Not a bech32 address, or one of another chain (its prefix is not the network's). */
export class InvalidCosmosAddressError extends BaseError {
  override name = 'InvalidCosmosAddressError'
  readonly address: string
  readonly bech32Prefix: string
  constructor({
    address,
    bech32Prefix,
    ...parameters
  }: BaseErrorParameters & { address: string; bech32Prefix: string }) {
    super('Invalid Cosmos address', {
      ...parameters,
      details: parameters.details ?? `${address} is not a ${bech32Prefix}1… bech32 address.`,
    })
    this.address = address
    this.bech32Prefix = bech32Prefix
  }
}

/** A transfer of nothing (or less): the chain refuses zero and negative coins. */
export class InvalidCosmosAmountError extends BaseError {
  override name = 'InvalidCosmosAmountError'
  readonly amount: bigint
  constructor({ amount, ...parameters }: BaseErrorParameters & { amount: bigint }) {
    super('Invalid amount', { ...parameters, details: parameters.details ?? `${amount}` })
    this.amount = amount
  }
}

/** A Cosmos action was called for an address the wallet has not authorised on this chain. */
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

/** The page no longer has the wallet's global (`window.keplr`, `window.leap`). */
export class WalletNotFoundError extends BaseError {
  override name = 'WalletNotFoundError'
  readonly walletKey: string
  constructor({ walletKey, ...parameters }: BaseErrorParameters & { walletKey: string }) {
    super('Wallet not found', {
      ...parameters,
      details: parameters.details ?? `window.${walletKey} is gone.`,
    })
    this.walletKey = walletKey
  }
}

/** The chain refused the transaction (CheckTx or in its block); `code` is the SDK's code. */
export class TransactionFailedError extends BaseError {
  override name = 'TransactionFailedError'
  readonly hash: string | undefined
  readonly code: number | undefined
  constructor({
    hash,
    code,
    ...parameters
  }: BaseErrorParameters & { hash?: string | undefined; code?: number | undefined }) {
    super('Transaction failed', parameters)
    this.hash = hash
    this.code = code
  }
}

/** `connector.request` got a method this connector does not answer. */
export class MethodNotSupportedError extends BaseError {
  override name = 'MethodNotSupportedError'
  readonly code = 4200
  constructor({ method, ...parameters }: BaseErrorParameters & { method: string }) {
    super(`Method not supported: ${method}`, parameters)
  }
}

/**
 * Keplr and Leap refuse with a plain `Error('Request rejected')` and no EIP-1193 code (Leap also
 * says "Transaction declined"); those texts, or a 4001 anywhere along the error, are a refusal.
 */
const REFUSAL = /request rejected|rejected by (the )?user|user rejected|user denied|declined/i

export function isWalletRefusal(error: unknown): boolean {
  if (isUserRejectedRequestError(error)) return true
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (current instanceof Error && REFUSAL.test(current.message)) return true
    current = current instanceof Error ? current.cause : undefined
  }
  return false
}

/** A wallet error as Foyer reports it: a refusal becomes core's 4001 error, the rest stays as is. */
export function toWalletError(error: unknown, shortMessage = 'Request rejected'): unknown {
  if (error instanceof UserRejectedRequestError || !isWalletRefusal(error)) return error
  return new UserRejectedRequestError({ shortMessage, cause: error })
}
