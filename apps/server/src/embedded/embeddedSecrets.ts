import { hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createSealingKeyPair } from '@foyer/frame'
import type { Hex } from 'viem'
import { BaseError } from '../errors.ts'

export class EmbeddedConfigError extends BaseError {
  override name = 'EmbeddedConfigError'
}

/** One purpose's key, and the keys of the same purpose still accepted when verifying (rotation). */
export type EmbeddedKeyring = {
  /** Signs and hashes everything new. */
  current: Uint8Array
  /** `current` first, then the same purpose's keys of `FOYER_SESSION_SECRET_PREVIOUS`. */
  verifying: readonly Uint8Array[]
}

/** The subkeys of the session secret, one per purpose (HKDF-SHA256), so no key serves two. */
export type EmbeddedKeys = {
  /** HS256 key of the session access tokens (JWT). */
  sessionJwt: EmbeddedKeyring
  /** HMAC key of the one-time code digests. */
  oneTimeCodes: EmbeddedKeyring
  /** HMAC key of the refresh token digests. */
  refreshTokens: EmbeddedKeyring
  /** HMAC key of the device approval token digests. */
  approvalTokens: EmbeddedKeyring
}

export type EmbeddedSecrets = {
  /**
   * The configured session secret (32 bytes): the input of `keys` only; nothing is signed or
   * hashed with it directly.
   */
  sessionSecret: Uint8Array
  /** Per-purpose subkeys of `sessionSecret` (and of the previous secrets, for verifying). */
  keys: EmbeddedKeys
  /** AES-256-GCM key of auth shares at rest. */
  shareKey: Uint8Array
  /**
   * X25519 recovery secret key (operator-recovery mode); absent when the recovery key lives in
   * another service or the mode is off.
   */
  recoverySecretKey: Hex | undefined
  /** X25519 recovery public key (derived from the secret key when that is configured). */
  recoveryPublicKey: Hex | undefined
}

export type LoadEmbeddedSecretsParameters = {
  sessionSecret?: string | undefined
  /**
   * Previous session secrets, comma-separated (`FOYER_SESSION_SECRET_PREVIOUS`): what they signed
   * or hashed is still accepted (sessions, refresh tokens, codes, approval links), nothing new is.
   */
  previousSessionSecrets?: string | undefined
  shareKey?: string | undefined
  recoverySecretKey?: string | undefined
  recoveryPublicKey?: string | undefined
  /**
   * Development: generate missing secrets once into `dataDir/embedded-secrets.json`. A `memory://`
   * data dir keeps them in memory, gone with the process like its database.
   */
  generateInto?: string | undefined
  /**
   * Development in operator-recovery mode: also generate a recovery secret key. Without it none is
   * made (a file that already has one keeps it).
   */
  generateRecoveryKey?: boolean | undefined
}

const hex32 = /^(0x)?[0-9a-fA-F]{64}$/
/** 32 bytes in base64 (44 characters with its `=`) or base64url (43, unpadded allowed). */
const base64Of32 = /^(?:[A-Za-z0-9+/]{43}=?|[A-Za-z0-9_-]{43}=?)$/

const howToGenerate = 'generate one with `openssl rand -hex 32`'

/**
 * A secret key: exactly 32 bytes, as hex (64 characters, optional 0x) or base64 (44 characters),
 * and random-looking. Refused with a clear start-up error: other lengths, other encodings, and
 * low-entropy values (a repeated character or pattern, few distinct bytes, a counting sequence),
 * which random bytes essentially never are (a uniform 32-byte key has about 30 distinct bytes).
 */
export function parseSecretKey(name: string, value: string): Uint8Array {
  const text = value.trim()
  let bytes: Buffer
  if (hex32.test(text)) bytes = Buffer.from(text.replace(/^0x/, ''), 'hex')
  else if (base64Of32.test(text))
    bytes = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64')
  else
    throw new EmbeddedConfigError(
      `${name} must be 32 random bytes as hex (64 characters) or base64 (44 characters): ${howToGenerate}`,
    )
  if (bytes.length !== 32)
    throw new EmbeddedConfigError(`${name} must be exactly 32 bytes: ${howToGenerate}`)
  const weakness = lowEntropyReason(text.replace(/^0x/, '').replace(/=+$/, ''), bytes)
  if (weakness)
    throw new EmbeddedConfigError(
      `${name} is not random enough (${weakness}): use 32 random bytes, ${howToGenerate}`,
    )
  return new Uint8Array(bytes)
}

function lowEntropyReason(text: string, bytes: Uint8Array): string | undefined {
  // A period of at most half the text: 'aaaa…', 'password-password-…', '0123456789abcdef' × 4.
  for (let period = 1; period <= text.length / 2; period++) {
    let repeats = true
    for (let i = period; i < text.length && repeats; i++) repeats = text[i] === text[i - period]
    if (repeats) return `it repeats a ${period}-character pattern`
  }
  if (new Set(bytes).size < 16) return 'it has fewer than 16 distinct bytes'
  const steps = new Set(bytes.slice(1).map((byte, i) => (byte - bytes[i]! + 256) % 256))
  if (steps.size < 8) return 'its bytes follow a simple sequence'
  return undefined
}

/** Fixed HKDF salt: the subkeys are for this application and version of the key schedule. */
const hkdfSalt = 'foyer/embedded/v1'
const purposes = {
  sessionJwt: 'session-jwt',
  oneTimeCodes: 'one-time-codes',
  refreshTokens: 'refresh-tokens',
  approvalTokens: 'approval-tokens',
} as const satisfies Record<keyof EmbeddedKeys, string>

/** One 32-byte subkey of `secret` for `purpose` (HKDF-SHA256). */
export function deriveEmbeddedKey(secret: Uint8Array, purpose: keyof EmbeddedKeys): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, hkdfSalt, `foyer/${purposes[purpose]}`, 32))
}

/** The per-purpose keyrings of a session secret and its predecessors (newest first). */
export function deriveEmbeddedKeys(
  secret: Uint8Array,
  previous: readonly Uint8Array[] = [],
): EmbeddedKeys {
  const keyring = (purpose: keyof EmbeddedKeys): EmbeddedKeyring => {
    const current = deriveEmbeddedKey(secret, purpose)
    return {
      current,
      verifying: [current, ...previous.map((old) => deriveEmbeddedKey(old, purpose))],
    }
  }
  return {
    sessionJwt: keyring('sessionJwt'),
    oneTimeCodes: keyring('oneTimeCodes'),
    refreshTokens: keyring('refreshTokens'),
    approvalTokens: keyring('approvalTokens'),
  }
}

function parseX25519(name: string, value: string): Hex {
  if (!hex32.test(value)) throw new EmbeddedConfigError(`${name} must be 32 bytes of hex`)
  return (value.startsWith('0x') ? value : `0x${value}`).toLowerCase() as Hex
}

/**
 * The embedded wallet's secrets from configuration. Returns undefined when the session secret or
 * the share key is missing outside development (the embedded wallet then stays off).
 */
export function loadEmbeddedSecrets(
  parameters: LoadEmbeddedSecretsParameters,
): EmbeddedSecrets | undefined {
  let { sessionSecret, shareKey, recoverySecretKey } = parameters
  // A recovery secret key is wanted only in operator-recovery mode, and not when the public key
  // says it lives elsewhere.
  const wantsRecoveryKey =
    parameters.generateRecoveryKey === true && !recoverySecretKey && !parameters.recoveryPublicKey
  if (parameters.generateInto && (!sessionSecret || !shareKey || wantsRecoveryKey)) {
    const inMemory = parameters.generateInto.startsWith('memory://')
    const file = join(resolve(parameters.generateInto), 'embedded-secrets.json')
    const stored: Record<string, string> =
      !inMemory && existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
        : {}
    const missing = {
      ...(stored.sessionSecret ? {} : { sessionSecret: randomBytes(32).toString('hex') }),
      ...(stored.shareKey ? {} : { shareKey: randomBytes(32).toString('hex') }),
      ...(wantsRecoveryKey && !stored.recoverySecretKey
        ? { recoverySecretKey: createSealingKeyPair().secretKey }
        : {}),
    }
    Object.assign(stored, missing)
    if (Object.keys(missing).length > 0 && !inMemory) {
      mkdirSync(resolve(parameters.generateInto), { recursive: true })
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 })
      chmodSync(file, 0o600)
    }
    sessionSecret ||= stored.sessionSecret
    shareKey ||= stored.shareKey
    if (wantsRecoveryKey) recoverySecretKey = stored.recoverySecretKey
  }
  if (!sessionSecret || !shareKey) return undefined
  const secretKey = recoverySecretKey
    ? parseX25519('FOYER_RECOVERY_SECRET_KEY', recoverySecretKey)
    : undefined
  const master = parseSecretKey('FOYER_SESSION_SECRET', sessionSecret)
  const previous = (parameters.previousSessionSecrets ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry, index) =>
      parseSecretKey(`FOYER_SESSION_SECRET_PREVIOUS (entry ${index + 1})`, entry),
    )
  return {
    sessionSecret: master,
    keys: deriveEmbeddedKeys(master, previous),
    shareKey: parseSecretKey('FOYER_SHARE_KEY', shareKey),
    recoverySecretKey: secretKey,
    recoveryPublicKey: parameters.recoveryPublicKey
      ? parseX25519('FOYER_RECOVERY_PUBLIC_KEY', parameters.recoveryPublicKey)
      : undefined,
  }
}
