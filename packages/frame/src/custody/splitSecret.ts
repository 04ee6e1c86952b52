import { combine, split } from 'shamir-secret-sharing'
import { ShareMismatchError } from '../errors.ts'

export type SplitSecretReturnType = {
  /** Kept on this device, in frame-origin IndexedDB, encrypted. */
  deviceShare: Uint8Array
  /** Kept by the server, released only to an authenticated frame session. */
  authShare: Uint8Array
  /** Sealed to the recovery public key before it leaves the frame. */
  recoveryShare: Uint8Array
}

/** Splits wallet entropy 2-of-3: any two shares rebuild it, one alone reveals nothing. */
export async function splitSecret(entropy: Uint8Array): Promise<SplitSecretReturnType> {
  const [deviceShare, authShare, recoveryShare] = await split(entropy, 3, 2)
  if (!deviceShare || !authShare || !recoveryShare) throw new Error('Shamir split gave < 3 shares')
  return { deviceShare, authShare, recoveryShare }
}

/**
 * Rebuilds the entropy from two shares of the same split. Shares of another split, or a corrupt
 * share, mostly give different bytes without an error: check the derived address (`withSigner`
 * does). Shares the library refuses outright (the same share twice, or, about once in 255, shares
 * of two splits that drew the same x-coordinate) are a `ShareMismatchError` too.
 */
export async function combineShares(shares: readonly Uint8Array[]): Promise<Uint8Array> {
  try {
    return await combine([...shares])
  } catch (cause) {
    throw new ShareMismatchError({ cause })
  }
}
