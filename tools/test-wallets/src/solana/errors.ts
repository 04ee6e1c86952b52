import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of the Solana test wallet; a core `BaseError`. */
export class BaseError extends CoreBaseError {
  override name = 'SolanaTestWalletError'
}

/** A wallet error shaped like a real wallet's: EIP-1193-style `code` and `message`. */
export class SolanaWalletError extends BaseError {
  override name = 'SolanaWalletError'
  readonly code: number
  constructor(code: number, message: string, parameters: BaseErrorParameters = {}) {
    super(message, parameters)
    this.code = code
  }
}

export const userRejected = () => new SolanaWalletError(4001, 'User rejected the request.')
export const unauthorized = () =>
  new SolanaWalletError(4100, 'The requested account has not been authorized.')
export const unsupportedChain = (chain: string) =>
  new SolanaWalletError(4901, `The wallet does not support ${chain}.`)
export const unsupportedMethod = (method: string) =>
  new SolanaWalletError(4200, `The wallet does not support ${method}.`)
export const invalidParams = (message: string) => new SolanaWalletError(-32602, message)
