import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of the Bitcoin test wallet; a core `BaseError`. */
export class BaseError extends CoreBaseError {
  override name = 'BitcoinTestWalletError'
}

/** A wallet error shaped like a real wallet's: a JSON-RPC-style `code` and `message`. */
export class BitcoinWalletError extends BaseError {
  override name = 'BitcoinWalletError'
  readonly code: number
  constructor(code: number, message: string, parameters: BaseErrorParameters = {}) {
    super(message, parameters)
    this.code = code
  }
}

// sats-connect's JSON-RPC error codes (`RpcErrorCode` of @sats-connect/core).
export const SATS_CONNECT_ERRORS = {
  invalidParams: -32602,
  methodNotFound: -32601,
  internalError: -32603,
  userRejection: -32000,
  accessDenied: -32002,
} as const

/** A refusal as sats-connect wallets answer it (-32000), or as wallet-standard ones throw it (4001). */
export const userRejected = (protocol: 'sats-connect' | 'wallet-standard') =>
  new BitcoinWalletError(
    protocol === 'sats-connect' ? SATS_CONNECT_ERRORS.userRejection : 4001,
    'User rejected the request.',
  )
export const accessDenied = () =>
  new BitcoinWalletError(SATS_CONNECT_ERRORS.accessDenied, 'The site is not authorised.')
export const invalidParams = (message: string) =>
  new BitcoinWalletError(SATS_CONNECT_ERRORS.invalidParams, message)
export const methodNotFound = (method: string) =>
  new BitcoinWalletError(SATS_CONNECT_ERRORS.methodNotFound, `Method not found: ${method}`)
export const internalError = (message: string, cause?: unknown) =>
  new BitcoinWalletError(SATS_CONNECT_ERRORS.internalError, message, { cause })
