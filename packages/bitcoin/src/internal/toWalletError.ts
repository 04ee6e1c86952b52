import { UserRejectedRequestError, WalletRequestError } from '../errors.ts'

/** sats-connect's code for a refusal (its JSON-RPC `USER_REJECTION`). */
export const SATS_CONNECT_USER_REJECTION = -32000
/** sats-connect's "method not found": an older wallet without the newer method. */
export const METHOD_NOT_FOUND = -32601

const refusal = /user (rejected|denied|cancell?ed|declined)|rejected by (the )?user/i

/**
 * A wallet's error as a Foyer error: refusals (sats-connect's -32000, EIP-1193's 4001, or a
 * wallet-standard wallet that only says so in words) become `UserRejectedRequestError` with code
 * 4001; other coded errors `WalletRequestError` with the wallet's code; the rest pass through.
 */
export function toWalletError(error: unknown): unknown {
  if (error instanceof UserRejectedRequestError || error instanceof WalletRequestError) return error
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  const text = typeof message === 'string' ? message : ''
  if (
    code === SATS_CONNECT_USER_REJECTION ||
    code === 4001 ||
    (code === undefined && refusal.test(text))
  )
    return new UserRejectedRequestError({ cause: error, details: text || undefined })
  if (typeof code === 'number')
    return new WalletRequestError(text || `Wallet error ${code}`, { code, cause: error })
  return error
}
