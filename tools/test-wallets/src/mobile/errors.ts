import { BaseError as CoreBaseError } from '@foyer/core'

export type { BaseErrorParameters } from '@foyer/core'

/** The base error of the mobile test wallet (server and page); every error is a named subclass. */
export class BaseError extends CoreBaseError {
  override name = 'MobileWalletError'
}

export class InvalidDevnetFileError extends BaseError {
  override name = 'InvalidDevnetFileError'
  readonly path: string

  constructor({ path, reason, cause }: { path: string; reason: string; cause?: unknown }) {
    super(`The devnet file ${path} cannot be used: ${reason}`, {
      metaMessages: [
        'Start the local world first (npm start), or pass --devnet with a file written by tools/devnet.',
      ],
      cause,
    })
    this.path = path
  }
}

export class MobileWalletListenError extends BaseError {
  override name = 'MobileWalletListenError'
  readonly port: number

  constructor({ port, cause }: { port: number; cause?: unknown }) {
    super(`The mobile test wallet cannot listen on 127.0.0.1:${port}`, {
      metaMessages: [`Stop whatever listens on 127.0.0.1:${port}, or choose another port.`],
      cause,
    })
    this.port = port
  }
}

/**
 * An error the wallet answers a dapp's request with: an EIP-1193 `code` and `message`, sent back
 * over WalletConnect as the JSON-RPC error.
 */
export class WalletRequestError extends BaseError {
  override name = 'WalletRequestError'
  readonly code: number

  constructor({ code, message }: { code: number; message: string }) {
    super(message)
    this.code = code
  }
}

export const userRejectedRequest = () =>
  new WalletRequestError({ code: 4001, message: 'User rejected the request.' })
export const unauthorizedAccount = (address: string) =>
  new WalletRequestError({
    code: 4100,
    message: `The account ${address} is not authorized for this session.`,
  })
export const unsupportedMethod = (method: string) =>
  new WalletRequestError({ code: 4200, message: `The wallet does not support ${method}.` })
export const unrecognizedChain = (chainId: number) =>
  new WalletRequestError({
    code: 4902,
    message: `Unrecognized chain ID "0x${chainId.toString(16)}". The wallet only knows the devnet chains.`,
  })
export const invalidRequestParams = (message: string) =>
  new WalletRequestError({ code: -32602, message })
