import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of the injected test wallet; a core `BaseError`. */
export class BaseError extends CoreBaseError {
  override name = 'TestWalletError'
}

/** An EIP-1193 provider error: what a real wallet throws (`code`, `message`, optional `data`). */
export class ProviderRpcError extends BaseError {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown, parameters: BaseErrorParameters = {}) {
    super(message, parameters)
    this.code = code
    this.data = data
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')
export const unauthorized = () =>
  new ProviderRpcError(4100, 'The requested account and/or method has not been authorized.')
export const unrecognizedChain = (chainId: number) =>
  new ProviderRpcError(
    4902,
    `Unrecognized chain ID "0x${chainId.toString(16)}". Try adding the chain using wallet_addEthereumChain first.`,
  )
export const invalidParams = (message: string) => new ProviderRpcError(-32602, message)
/** JSON-RPC's internal error, which wallets send when they refuse a chain id. */
export const internalError = (message: string, data?: unknown) =>
  new ProviderRpcError(-32603, message, data)
/** MetaMask's answer while an earlier prompt of the same kind is still open. */
export const requestPending = (method: string) =>
  new ProviderRpcError(
    -32002,
    `Request of type '${method}' already pending for origin. Please wait.`,
  )
