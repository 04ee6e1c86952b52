import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of the Cosmos test wallet; a core `BaseError`. */
export class BaseError extends CoreBaseError {
  override name = 'CosmosTestWalletError'
}

/**
 * What a Keplr-style wallet throws: a plain message, no EIP-1193 code. Keplr and Leap refuse with
 * "Request rejected", so apps (and `@foyer/cosmos`) recognise a refusal by that text.
 */
export class KeplrWalletError extends BaseError {
  override name = 'KeplrWalletError'
  constructor(message: string, parameters: BaseErrorParameters = {}) {
    super(message, parameters)
  }
}

export const requestRejected = () => new KeplrWalletError('Request rejected')
export const noChainInfo = (chainId: string) =>
  new KeplrWalletError(`There is no chain info for ${chainId}`)
export const unknownSigner = (signer: string) =>
  new KeplrWalletError(`Signer address does not match: ${signer}`)
export const chainIdMismatch = (chainId: string, signDocChainId: string) =>
  new KeplrWalletError(`Chain id in the sign doc (${signDocChainId}) is not ${chainId}`)
