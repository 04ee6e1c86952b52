import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createSealingKeyPair } from '@foyer/frame'
import type { Hex } from 'viem'
import { BaseError } from '../errors.ts'

export class EmbeddedConfigError extends BaseError {
  override name = 'EmbeddedConfigError'
}

export type EmbeddedSecrets = {
  /** Signs session tokens (HS256) and keys the code/token digests. At least 32 bytes. */
  sessionSecret: Uint8Array
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
  shareKey?: string | undefined
  recoverySecretKey?: string | undefined
  recoveryPublicKey?: string | undefined
  /** Development: generate missing secrets once into `dataDir/embedded-secrets.json`. */
  generateInto?: string | undefined
  /**
   * Development in operator-recovery mode: also generate a recovery secret key. Without it none is
   * made (a file that already has one keeps it).
   */
  generateRecoveryKey?: boolean | undefined
}

const hex32 = /^(0x)?[0-9a-fA-F]{64}$/

function parseKey(name: string, value: string): Uint8Array {
  const bytes = hex32.test(value)
    ? Buffer.from(value.replace(/^0x/, ''), 'hex')
    : Buffer.from(value, 'base64')
  if (bytes.length < 32)
    throw new EmbeddedConfigError(`${name} must be at least 32 bytes (hex or base64)`)
  return new Uint8Array(bytes)
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
    const file = join(resolve(parameters.generateInto), 'embedded-secrets.json')
    const stored: Record<string, string> = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
      : {}
    const missing = {
      ...(stored.sessionSecret ? {} : { sessionSecret: randomBytes(32).toString('hex') }),
      ...(stored.shareKey ? {} : { shareKey: randomBytes(32).toString('hex') }),
      ...(wantsRecoveryKey && !stored.recoverySecretKey
        ? { recoverySecretKey: createSealingKeyPair().secretKey }
        : {}),
    }
    if (Object.keys(missing).length > 0) {
      Object.assign(stored, missing)
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
  return {
    sessionSecret: parseKey('FOYER_SESSION_SECRET', sessionSecret),
    shareKey: parseKey('FOYER_SHARE_KEY', shareKey).subarray(0, 32),
    recoverySecretKey: secretKey,
    recoveryPublicKey: parameters.recoveryPublicKey
      ? parseX25519('FOYER_RECOVERY_PUBLIC_KEY', parameters.recoveryPublicKey)
      : undefined,
  }
}
