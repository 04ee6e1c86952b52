import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of the Polkadot test wallet; a core `BaseError`. */
export class BaseError extends CoreBaseError {
  override name = 'PolkadotTestWalletError'
}

/**
 * A refusal or failure as polkadot-js extensions report it: a plain message and no code
 * (polkadot{.js} and Talisman say 'Cancelled', SubWallet 'Rejected by user').
 */
export class PolkadotExtensionError extends BaseError {
  override name = 'PolkadotExtensionError'
  constructor(message: string, parameters: BaseErrorParameters = {}) {
    super(message, parameters)
  }
}

/** The test wallet was asked to sign for an address it does not hold. */
export class UnknownAccountError extends BaseError {
  override name = 'UnknownAccountError'
  readonly address: string
  constructor({ address, ...parameters }: BaseErrorParameters & { address: string }) {
    super(`Unable to find a keypair for ${address}`, parameters)
    this.address = address
  }
}

/** What the visitor's "Cancel" in a signing popup sends (polkadot{.js}, Talisman). */
export const cancelled = () => new PolkadotExtensionError('Cancelled')
/** What the visitor's "Reject" in an authorisation popup sends (SubWallet's wording). */
export const rejectedByUser = () => new PolkadotExtensionError('Rejected by user')
/** An extension's answer to a site it has not authorised. */
export const notAllowed = (origin: string) =>
  new PolkadotExtensionError(`The source ${origin} is not allowed to interact with this extension`)
