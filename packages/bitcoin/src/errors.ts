import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of `@foyer/bitcoin`; a core `BaseError`, so the dialog shows `shortMessage`. */
export class BaseError extends CoreBaseError {
  override name = 'FoyerBitcoinError'
}

/** Not an address of the network it is used on (wrong prefix, bad checksum, unknown program). */
export class InvalidBitcoinAddressError extends BaseError {
  override name = 'InvalidBitcoinAddressError'
  readonly address: string
  constructor({
    address,
    network,
    ...parameters
  }: BaseErrorParameters & { address: string; network?: string | undefined }) {
    super('Invalid Bitcoin address', {
      ...parameters,
      details:
        parameters.details ?? (network ? `${address} is not a ${network} address.` : address),
    })
    this.address = address
  }
}

/** An address Foyer cannot spend from (e.g. P2PKH, or P2TR / nested SegWit without its public key). */
export class UnsupportedAddressTypeError extends BaseError {
  override name = 'UnsupportedAddressTypeError'
  readonly address: string
  constructor({ address, ...parameters }: BaseErrorParameters & { address: string }) {
    super('Unsupported Bitcoin address type', parameters)
    this.address = address
  }
}

/** The sender's coins do not cover the amount plus the network fee. */
export class InsufficientFundsError extends BaseError {
  override name = 'InsufficientFundsError'
  readonly available: bigint
  readonly required: bigint
  constructor({
    available,
    required,
    ...parameters
  }: BaseErrorParameters & { available: bigint; required: bigint }) {
    super('Insufficient funds', {
      ...parameters,
      details:
        parameters.details ??
        `Spendable ${available} sats; ${required} sats needed before the fee.`,
    })
    this.available = available
    this.required = required
  }
}

/** The amount is below what the network relays for the receiver's output type (dust). */
export class AmountBelowDustError extends BaseError {
  override name = 'AmountBelowDustError'
  readonly minimum: bigint
  constructor({ minimum, ...parameters }: BaseErrorParameters & { minimum: bigint }) {
    super('Amount too small', {
      ...parameters,
      details: parameters.details ?? `The receiver's output needs at least ${minimum} sats.`,
    })
    this.minimum = minimum
  }
}

/** Bitcoin transfers send BTC only; tokens (`mint`) have no meaning here. */
export class TokenNotSupportedError extends BaseError {
  override name = 'TokenNotSupportedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Tokens are not supported on Bitcoin', parameters)
  }
}

/** The wallet lacks a method or wallet-standard feature the requested action needs. */
export class WalletFeatureNotSupportedError extends BaseError {
  override name = 'WalletFeatureNotSupportedError'
  readonly feature: string
  constructor({ feature, ...parameters }: BaseErrorParameters & { feature: string }) {
    super(`The wallet does not support ${feature}`, parameters)
    this.feature = feature
  }
}

/** A Bitcoin action was called for an address the wallet has not authorised. */
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

/**
 * The visitor refused in the wallet. Code 4001 whatever the wallet answered (sats-connect wallets
 * say -32000), so core maps it to 'Connection rejected' / 'Transaction rejected'.
 */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError'
  readonly code = 4001
  constructor(parameters: BaseErrorParameters = {}) {
    super('User rejected the request', parameters)
  }
}

/** The wallet answered a request with an error other than a refusal; `code` is its code. */
export class WalletRequestError extends BaseError {
  override name = 'WalletRequestError'
  readonly code: number
  constructor(message: string, parameters: BaseErrorParameters & { code: number }) {
    super(message, parameters)
    this.code = parameters.code
  }
}

/** `connector.request` got a method this connector neither answers nor forwards. */
export class MethodNotSupportedError extends BaseError {
  override name = 'MethodNotSupportedError'
  readonly code = 4200
  constructor({ method, ...parameters }: BaseErrorParameters & { method: string }) {
    super(`Method not supported: ${method}`, parameters)
  }
}

/** The network's Esplora API failed or answered something unexpected. */
export class EsploraRequestError extends BaseError {
  override name = 'EsploraRequestError'
  readonly status: number | undefined
  readonly url: string
  constructor({
    url,
    status,
    ...parameters
  }: BaseErrorParameters & { url: string; status?: number | undefined }) {
    super('Bitcoin network request failed', {
      ...parameters,
      metaMessages: parameters.metaMessages ?? [`URL: ${url}`],
    })
    this.url = url
    this.status = status
  }
}

/** The node refused the transaction, or did not know it in time. */
export class TransactionFailedError extends BaseError {
  override name = 'TransactionFailedError'
  readonly txid: string | undefined
  constructor({ txid, ...parameters }: BaseErrorParameters & { txid?: string | undefined } = {}) {
    super('Transaction failed', parameters)
    this.txid = txid
  }
}

/** A PSBT came back from the wallet without a signature for every input it had to sign. */
export class PsbtNotSignedError extends BaseError {
  override name = 'PsbtNotSignedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The wallet did not sign the transaction', parameters)
  }
}
