import { UserRejectedRequestError } from '../errors.ts'

/**
 * What polkadot-js extensions say when the visitor refuses: 'Cancelled' (polkadot{.js},
 * Talisman), 'Rejected by user' (SubWallet), 'User rejected …', and 'The source … is not allowed
 * to interact with this extension' for a site the visitor refused before.
 */
const refusal = /cancel+ed|rejected|denied|declined|not allowed to interact/i

/**
 * A refusal in the extension as `UserRejectedRequestError` (code 4001, which core reads as a
 * refusal); any other error as it was. Extensions reject with plain `Error`s and no code.
 */
export function toWalletError(error: unknown): unknown {
  if ((error as { code?: unknown } | undefined)?.code === 4001) return error
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  if (message && refusal.test(message))
    return new UserRejectedRequestError({ cause: error, details: message })
  return error
}
