import { ed25519 } from '@noble/curves/ed25519.js'
import { decodeBase58 } from '../onramp/checkDestinationWallets.ts'
import { InvalidSiwxSignatureError, SiwxSignatureMismatchError } from './errors.ts'

export type VerifySolanaSignInParameters = {
  /** The Sign In With Solana text as signed (its UTF-8 bytes are what the wallet signed). */
  text: string
  /** The account's base58 address: its ed25519 public key. */
  address: string
  /** base58 or base64 (standard or URL-safe, padding optional) of the 64-byte signature. */
  signature: string
}

/**
 * Checks the ed25519 signature of a Sign In With Solana message (`solana:signIn` and
 * `signMessage` both sign the text's UTF-8 bytes) by its account's key, RFC 8032 strictly (no
 * ZIP-215 leniency: one valid encoding per signature). Wallets hand the signature as bytes that
 * apps send as base58 or base64: both are read. A text that decodes to 64 bytes either way is
 * tried both ways; a forgery fails both. Throws `InvalidSiwxSignatureError` /
 * `SiwxSignatureMismatchError`.
 */
export function verifySolanaSignIn({
  text,
  address,
  signature,
}: VerifySolanaSignInParameters): void {
  const candidates = decodeSignature(signature)
  if (candidates.length === 0)
    throw new InvalidSiwxSignatureError('must be 64 bytes (ed25519) in base58 or base64')
  const publicKey = decodeBase58(address)
  const bytes = new TextEncoder().encode(text)
  const valid =
    publicKey?.length === 32 &&
    candidates.some((candidate) => {
      try {
        return ed25519.verify(candidate, bytes, publicKey, { zip215: false })
      } catch {
        return false
      }
    })
  if (!valid) throw new SiwxSignatureMismatchError()
}

/** The 64-byte readings of `text`: base58, base64 (standard or URL-safe, padded or not). */
export function decodeSignature(text: string): Uint8Array[] {
  const readings: Uint8Array[] = []
  if (/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(text)) {
    const bytes = decodeBase58(text)
    if (bytes?.length === 64) readings.push(bytes)
  }
  if (/^[A-Za-z0-9+/_-]{86}(?:==)?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (bytes.length === 64 && !readings.some((reading) => Buffer.from(reading).equals(bytes)))
      readings.push(new Uint8Array(bytes))
  }
  return readings
}
