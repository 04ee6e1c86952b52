/** EIP-1193 / EIP-3085 error codes that change what Foyer does (SPEC §8). */
export const USER_REJECTED_REQUEST_CODE = 4001
export const UNRECOGNIZED_CHAIN_ID_CODE = 4902
export const DEFAULT_CHAIN_ERROR_CODE = 5000
export const INVALID_CHAIN_ID_CODE = 32603

/** Reads the numeric `code` of a wallet error, looking through `cause` chains and `data.originalError`. */
export function getErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    const original = (current as { data?: { originalError?: unknown } }).data?.originalError
    current = original ?? (current as { cause?: unknown }).cause
  }
  return undefined
}

export function isUserRejectedRequestError(error: unknown): boolean {
  return getErrorCode(error) === USER_REJECTED_REQUEST_CODE
}
