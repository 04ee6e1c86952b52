import { getErrorCodes } from '../errors/rpc.ts'
import type { Connector } from '../types/connector.ts'
import { METHOD_NOT_SUPPORTED_CODES, WalletMethodNotSupportedError } from './errors.ts'

/**
 * Sends `method` to the wallet as it is (the embedded wallet's frame, an injected wallet,
 * WalletConnect); a "method not found" answer (4200, -32601) becomes
 * `WalletMethodNotSupportedError`, any other error is the wallet's own.
 */
export async function requestWallet(
  connector: Connector,
  method: string,
  params: readonly unknown[],
): Promise<unknown> {
  try {
    return await connector.request({ method, params })
  } catch (error) {
    const codes = getErrorCodes(error)
    if (codes.some((code) => (METHOD_NOT_SUPPORTED_CODES as readonly number[]).includes(code)))
      throw new WalletMethodNotSupportedError({ method, cause: error })
    throw error
  }
}
