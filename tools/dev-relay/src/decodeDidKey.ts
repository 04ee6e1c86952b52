import { decodeBase58btc } from './decodeBase58btc.ts'
import { InvalidDidKeyError } from './errors.ts'

export type DecodeDidKeyParameters = string
/** The raw 32-byte ed25519 public key. */
export type DecodeDidKeyReturnType = Uint8Array
export type DecodeDidKeyErrorType = InvalidDidKeyError

const didKeyPrefix = 'did:key:z'
// The unsigned-varint multicodec code 0xed of an ed25519 public key.
const ed25519Multicodec = [0xed, 0x01] as const
const ed25519PublicKeyLength = 32

/** Reads the ed25519 public key out of a `did:key:z6Mk…` identifier (the relay client id). */
export function decodeDidKey(didKey: DecodeDidKeyParameters): DecodeDidKeyReturnType {
  if (!didKey.startsWith(didKeyPrefix)) {
    throw new InvalidDidKeyError(didKey, 'expected "did:key:z…" (multibase base58btc)')
  }
  let bytes: Uint8Array
  try {
    bytes = decodeBase58btc(didKey.slice(didKeyPrefix.length))
  } catch (error) {
    throw new InvalidDidKeyError(didKey, 'not base58btc', { cause: error })
  }
  if (bytes[0] !== ed25519Multicodec[0] || bytes[1] !== ed25519Multicodec[1]) {
    throw new InvalidDidKeyError(didKey, 'not an ed25519 key (multicodec 0xed01)')
  }
  const publicKey = bytes.subarray(ed25519Multicodec.length)
  if (publicKey.length !== ed25519PublicKeyLength) {
    throw new InvalidDidKeyError(didKey, `expected a 32-byte key, got ${publicKey.length} bytes`)
  }
  return publicKey
}
