// The chain error codes of SPEC §8 (4902 unrecognized chain, 5000 default, 32603 invalid chain id)
// and the errors of switching or adding a wallet's chain. Apart from network.ts so that a page
// showing only a button does not load them (bundlers split per module).
import type { BaseErrorParameters } from './base.ts'
import { BaseError } from './base.ts'
import { UserRejectedRequestError } from './connection.ts'
import { getErrorCodes, UNRECOGNIZED_CHAIN_ID_CODE, USER_REJECTED_REQUEST_CODE } from './rpc.ts'

/** `code` of a chain switch or add that failed for any other reason. */
export const DEFAULT_CHAIN_ERROR_CODE = 5000
/**
 * The wallet refused the chain id itself. Wallets send it as JSON-RPC's -32603; SPEC §8 writes it
 * without the sign, so both spellings count.
 */
export const INVALID_CHAIN_ID_CODE = 32603

/** The wallet refused the chain id (-32603 or 32603) and the error is not a wrapped 4902 or 4001. */
export function isInvalidChainIdError(error: unknown): boolean {
  const codes = getErrorCodes(error)
  return (
    codes.some((code) => Math.abs(code) === INVALID_CHAIN_ID_CODE) &&
    !codes.includes(UNRECOGNIZED_CHAIN_ID_CODE) &&
    !codes.includes(USER_REJECTED_REQUEST_CODE)
  )
}

/**
 * The wallet (or adapter) refused the chain itself: SPEC §8's invalid chain id. Wallets answer
 * `wallet_switchEthereumChain` / `wallet_addEthereumChain` with -32603 for it.
 */
export class UnsupportedChainError extends BaseError {
  override name = 'UnsupportedChainError'
  readonly code = INVALID_CHAIN_ID_CODE
  constructor(parameters: BaseErrorParameters = {}) {
    super('Unsupported chain', parameters)
  }
}

/** Switching (or adding) the chain failed for a reason the wallet did not name: SPEC §8's default. */
export class SwitchNetworkError extends BaseError {
  override name = 'SwitchNetworkError'
  readonly code = DEFAULT_CHAIN_ERROR_CODE
  constructor(parameters: BaseErrorParameters = {}) {
    super('Failed to switch network', parameters)
  }
}

/** The visitor refused the network switch in the wallet (EIP-1193 4001). */
export class SwitchNetworkRejectedError extends UserRejectedRequestError {
  override name = 'SwitchNetworkRejectedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super({ ...parameters, shortMessage: 'Network switch rejected' })
  }
}
