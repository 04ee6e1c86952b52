import { hkdf } from '@noble/hashes/hkdf.js'
import { scryptAsync } from '@noble/hashes/scrypt.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { WrongRecoveryFactorError } from '../errors.ts'

/**
 * The wallet's recovery key: 32 random bytes made with the wallet, held only by the visitor's
 * devices and wrapped by the visitor's factors. Every share set's recovery share is encrypted
 * under it, so the server stores recovery shares it cannot open.
 */
export type RecoveryKey = Uint8Array

export type EncryptedBlob = { version: 1; iv: Hex; ciphertext: Hex }

export type WrappedKey = {
  version: 1
  kdf:
    | { name: 'scrypt'; salt: Hex; N: number; r: number; p: number }
    | { name: 'hkdf-prf'; salt: Hex }
  iv: Hex
  ciphertext: Hex
}

/**
 * scrypt cost for recovery passwords: N = 2^17, r = 8, p = 1 (128 MiB, OWASP's minimum for
 * scrypt). The server holds the wrapped key, so an operator can guess passwords offline; each
 * guess then costs 128 MiB and about a second of CPU, and passwords have at least 10 characters.
 * Memory-hard scrypt runs in every browser (noble, pure JS); Argon2id in JS is several times slower
 * at equal memory, which would mean weaker parameters for the same wait.
 */
export const PASSWORD_KDF_PARAMETERS = { N: 2 ** 17, r: 8, p: 1 } as const
/** Bounds accepted when unwrapping, so a stored blob cannot make the frame allocate gigabytes. */
const MAX_SCRYPT_N = 2 ** 20
export const MIN_RECOVERY_PASSWORD_LENGTH = 10

export function createRecoveryKey(): RecoveryKey {
  return crypto.getRandomValues(new Uint8Array(32))
}

async function aesKey(bytes: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', bytes as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ])
}

const encoder = new TextEncoder()

async function encrypt(key: Uint8Array, plaintext: Uint8Array, context: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
      await aesKey(key),
      plaintext as Uint8Array<ArrayBuffer>,
    ),
  )
  return { iv: bytesToHex(iv), ciphertext: bytesToHex(ciphertext) }
}

async function decrypt(key: Uint8Array, blob: { iv: Hex; ciphertext: Hex }, context: string) {
  return new Uint8Array(
    await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: hexToBytes(blob.iv) as Uint8Array<ArrayBuffer>,
        additionalData: encoder.encode(context),
      },
      await aesKey(key),
      hexToBytes(blob.ciphertext) as Uint8Array<ArrayBuffer>,
    ),
  )
}

/** The associated data binds a recovery share to its share set: it cannot be moved to another. */
const shareContext = (shareSetId: string) => `foyer/recovery-share/v1:${shareSetId}`

export async function encryptRecoveryShare(
  recoveryKey: RecoveryKey,
  share: Uint8Array,
  shareSetId: string,
): Promise<EncryptedBlob> {
  return { version: 1, ...(await encrypt(recoveryKey, share, shareContext(shareSetId))) }
}

/** Throws `WrongRecoveryFactorError` when the key is not this wallet's (or the blob was altered). */
export async function decryptRecoveryShare(
  recoveryKey: RecoveryKey,
  blob: EncryptedBlob,
  shareSetId: string,
): Promise<Uint8Array> {
  try {
    return await decrypt(recoveryKey, blob, shareContext(shareSetId))
  } catch (cause) {
    throw new WrongRecoveryFactorError('The recovery key does not open this wallet', { cause })
  }
}

const wrapContext = (kdf: WrappedKey['kdf']['name']) => `foyer/recovery-key/v1:${kdf}`

export type WrapWithPasswordParameters = {
  recoveryKey: RecoveryKey
  password: string
  /** Tests may lower the cost; the frame always uses `PASSWORD_KDF_PARAMETERS`. */
  kdfParameters?: { N: number; r: number; p: number }
}

/** Wraps the recovery key under scrypt(password). */
export async function wrapWithPassword(
  parameters: WrapWithPasswordParameters,
): Promise<WrappedKey> {
  const { N, r, p } = parameters.kdfParameters ?? PASSWORD_KDF_PARAMETERS
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const kdf = { name: 'scrypt' as const, salt: bytesToHex(salt), N, r, p }
  const wrappingKey = await scryptAsync(parameters.password.normalize('NFKC'), salt, {
    N,
    r,
    p,
    dkLen: 32,
  })
  try {
    return {
      version: 1,
      kdf,
      ...(await encrypt(wrappingKey, parameters.recoveryKey, wrapContext('scrypt'))),
    }
  } finally {
    wrappingKey.fill(0)
  }
}

/** Opens a password-wrapped recovery key; `WrongRecoveryFactorError` for a wrong password. */
export async function unwrapWithPassword(
  wrapped: WrappedKey,
  password: string,
): Promise<RecoveryKey> {
  const { kdf } = wrapped
  if (kdf.name !== 'scrypt') throw new WrongRecoveryFactorError('Not a password recovery method')
  if (kdf.N > MAX_SCRYPT_N || kdf.r > 16 || kdf.p > 4 || (kdf.N & (kdf.N - 1)) !== 0)
    throw new WrongRecoveryFactorError('Unsupported recovery method parameters')
  const wrappingKey = await scryptAsync(password.normalize('NFKC'), hexToBytes(kdf.salt), {
    N: kdf.N,
    r: kdf.r,
    p: kdf.p,
    dkLen: 32,
    maxmem: 2 ** 31,
  })
  try {
    return await decrypt(wrappingKey, wrapped, wrapContext('scrypt'))
  } catch (cause) {
    throw new WrongRecoveryFactorError('Wrong recovery password', { cause })
  } finally {
    wrappingKey.fill(0)
  }
}

/** The wrapping key from a passkey's PRF output (32 bytes, never leaves the frame). */
function prfWrappingKey(prfOutput: Uint8Array, salt: Uint8Array) {
  return hkdf(sha256, prfOutput, salt, encoder.encode('foyer/passkey-prf/v1'), 32)
}

export async function wrapWithPrf(parameters: {
  recoveryKey: RecoveryKey
  prfOutput: Uint8Array
}): Promise<WrappedKey> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const wrappingKey = prfWrappingKey(parameters.prfOutput, salt)
  try {
    return {
      version: 1,
      kdf: { name: 'hkdf-prf', salt: bytesToHex(salt) },
      ...(await encrypt(wrappingKey, parameters.recoveryKey, wrapContext('hkdf-prf'))),
    }
  } finally {
    wrappingKey.fill(0)
  }
}

export async function unwrapWithPrf(
  wrapped: WrappedKey,
  prfOutput: Uint8Array,
): Promise<RecoveryKey> {
  if (wrapped.kdf.name !== 'hkdf-prf')
    throw new WrongRecoveryFactorError('Not a passkey recovery method')
  const wrappingKey = prfWrappingKey(prfOutput, hexToBytes(wrapped.kdf.salt))
  try {
    return await decrypt(wrappingKey, wrapped, wrapContext('hkdf-prf'))
  } catch (cause) {
    throw new WrongRecoveryFactorError('This passkey does not open the wallet', { cause })
  } finally {
    wrappingKey.fill(0)
  }
}

/**
 * Runs `use` with the recovery key the first of `wrappedKeys` opens (in the order given), and zeroes
 * it after. A `WrongRecoveryFactorError` from `unwrap` tries the next; `undefined` when none opens.
 */
export async function withFirstUnwrapped<result>(
  wrappedKeys: readonly WrappedKey[],
  unwrap: (wrapped: WrappedKey) => Promise<RecoveryKey>,
  use: (recoveryKey: RecoveryKey) => Promise<result>,
): Promise<{ result: result } | undefined> {
  for (const wrapped of wrappedKeys) {
    let recoveryKey: RecoveryKey
    try {
      recoveryKey = await unwrap(wrapped)
    } catch (error) {
      if (error instanceof WrongRecoveryFactorError) continue
      throw error
    }
    try {
      return { result: await use(recoveryKey) }
    } finally {
      recoveryKey.fill(0)
    }
  }
  return undefined
}

/** A short code both devices show for a device request, derived from the new device's public key. */
export function deviceRequestCode(publicKey: Hex): string {
  const digest = sha256(hexToBytes(publicKey))
  const value = ((digest[0]! << 16) | (digest[1]! << 8) | digest[2]!) % 1_000_000
  const digits = value.toString().padStart(6, '0')
  return `${digits.slice(0, 3)} ${digits.slice(3)}`
}
