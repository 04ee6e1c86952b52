import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of `@foyer/polkadot`; a core `BaseError`, so the dialog shows `shortMessage`. */
export class BaseError extends CoreBaseError {
  override name = 'FoyerPolkadotError'
}

/** Not an SS58 address (bad base58, length or checksum). Thrown before anything is signed. */
export class InvalidPolkadotAddressError extends BaseError {
  override name = 'InvalidPolkadotAddressError'
  readonly address: string
  constructor({ address, ...parameters }: BaseErrorParameters & { address: string }) {
    super('Invalid Polkadot address', { ...parameters, details: parameters.details ?? address })
    this.address = address
  }
}

/**
 * The visitor refused in the extension. Extensions reject with a bare message ('Cancelled' from
 * polkadot{.js} and Talisman, 'Rejected by user' from SubWallet); this gives it EIP-1193's 4001,
 * which core reads as a refusal.
 */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError'
  readonly code = 4001
  constructor(parameters: BaseErrorParameters = {}) {
    super('User rejected the request', parameters)
  }
}

/** A Polkadot action was called for an account the extension has not shared with the site. */
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

/** The extension is no longer in `window.injectedWeb3`, or lacks what the action needs. */
export class ExtensionNotSupportedError extends BaseError {
  override name = 'ExtensionNotSupportedError'
  readonly feature: string
  constructor({ feature, ...parameters }: BaseErrorParameters & { feature: string }) {
    super(`The extension does not support ${feature}`, parameters)
    this.feature = feature
  }
}

/** The network's node could not be reached over its WebSocket URL. */
export class RpcConnectionError extends BaseError {
  override name = 'RpcConnectionError'
  readonly url: string
  constructor({ url, ...parameters }: BaseErrorParameters & { url: string }) {
    super('Failed to reach the network', { ...parameters, details: parameters.details ?? url })
    this.url = url
  }
}

/** Only the native token moves through `balances`; assets are not sent by this adapter. */
export class TokenNotSupportedError extends BaseError {
  override name = 'TokenNotSupportedError'
  constructor(parameters: BaseErrorParameters & { token: string }) {
    super('Only the native token can be sent on Polkadot', {
      ...parameters,
      details: parameters.details ?? `${parameters.token} is not the native token.`,
    })
  }
}

/** The chain refused the extrinsic (invalid, dropped) or its dispatch failed (e.g. balances.InsufficientBalance). */
export class TransactionFailedError extends BaseError {
  override name = 'TransactionFailedError'
  readonly hash: string | undefined
  constructor({ hash, ...parameters }: BaseErrorParameters & { hash?: string | undefined }) {
    super('Transaction failed', parameters)
    this.hash = hash
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

/** The chain's runtime lacks the pallet call or storage an action needs (e.g. `balances`). */
export class PalletNotFoundError extends BaseError {
  override name = 'PalletNotFoundError'
  readonly item: string
  constructor({ item, ...parameters }: BaseErrorParameters & { item: string }) {
    super(`The chain does not have ${item}`, parameters)
    this.item = item
  }
}
