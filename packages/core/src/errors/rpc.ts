/** EIP-1193 / EIP-3085 error codes that change what Foyer does (SPEC §8; the chain codes in chain.ts). */
export const USER_REJECTED_REQUEST_CODE = 4001
/** The wallet does not know the chain yet: add it (EIP-3085), then switch again. */
export const UNRECOGNIZED_CHAIN_ID_CODE = 4902

/**
 * Every numeric `code` along a wallet error: the error's own, then those of `data.originalError`
 * and `cause`, outermost first (wallets and WalletConnect wrap the original one).
 */
export function getErrorCodes(error: unknown): number[] {
  const codes: number[] = []
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') codes.push(code)
    const original = (current as { data?: { originalError?: unknown } }).data?.originalError
    current = original ?? (current as { cause?: unknown }).cause
  }
  return codes
}

/** Reads the numeric `code` of a wallet error, looking through `cause` chains and `data.originalError`. */
export function getErrorCode(error: unknown): number | undefined {
  return getErrorCodes(error)[0]
}

/** The visitor refused (4001), even when a wrapper reports another code around it. */
export function isUserRejectedRequestError(error: unknown): boolean {
  return getErrorCodes(error).includes(USER_REJECTED_REQUEST_CODE)
}

/**
 * The wallet does not know the chain (4902). Some mobile wallets wrap it in -32603 with the 4902
 * in `data.originalError`, so every code along the error counts.
 */
export function isUnrecognizedChainError(error: unknown): boolean {
  return getErrorCodes(error).includes(UNRECOGNIZED_CHAIN_ID_CODE)
}
