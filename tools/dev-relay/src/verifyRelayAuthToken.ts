import { createPublicKey, verify } from 'node:crypto'
import { decodeDidKey } from './decodeDidKey.ts'
import { InvalidAuthTokenError } from './errors.ts'

export type VerifyRelayAuthTokenParameters = {
  /** The compact JWT from the `auth` query parameter. */
  token: string
  /** Audiences this relay answers to (its URLs); the token's `aud` must be one of them. */
  audiences: readonly string[]
  /** Current time in milliseconds. */
  now: number
}

export type VerifyRelayAuthTokenReturnType = {
  /** The `iss` did:key: the client's stable id and mailbox identity. */
  clientId: string
  /** Expiry of the token in milliseconds. */
  expiresAt: number
}

export type VerifyRelayAuthTokenErrorType = InvalidAuthTokenError

/**
 * Verifies a WalletConnect relay auth token: an EdDSA (ed25519) JWT signed by the key its `iss`
 * did:key names, for this relay (`aud`), not expired (`exp`).
 */
export function verifyRelayAuthToken({
  token,
  audiences,
  now,
}: VerifyRelayAuthTokenParameters): VerifyRelayAuthTokenReturnType {
  const parts = token.split('.')
  if (parts.length !== 3) throw new InvalidAuthTokenError('not a compact JWT')
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string]

  const header = decodeJsonPart(encodedHeader, 'header')
  if (header.alg !== 'EdDSA') throw new InvalidAuthTokenError('alg must be EdDSA')
  if (header.typ !== undefined && header.typ !== 'JWT') {
    throw new InvalidAuthTokenError('typ must be JWT')
  }

  const payload = decodeJsonPart(encodedPayload, 'payload')
  if (typeof payload.iss !== 'string') throw new InvalidAuthTokenError('iss is missing')
  let publicKey: Uint8Array
  try {
    publicKey = decodeDidKey(payload.iss)
  } catch (error) {
    throw new InvalidAuthTokenError('iss is not an ed25519 did:key', { cause: error })
  }

  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  const signedData = Buffer.from(`${encodedHeader}.${encodedPayload}`, 'utf8')
  const signature = Buffer.from(encodedSignature, 'base64url')
  if (!verify(null, signedData, key, signature)) {
    throw new InvalidAuthTokenError('signature does not match iss')
  }

  if (typeof payload.exp !== 'number') throw new InvalidAuthTokenError('exp is missing')
  const expiresAt = payload.exp * 1000
  if (expiresAt <= now) throw new InvalidAuthTokenError('token expired')

  if (typeof payload.aud !== 'string' || !audiences.includes(normalizeAudience(payload.aud))) {
    throw new InvalidAuthTokenError('aud is not this relay', {
      metaMessages: [`aud: ${String(payload.aud)}`, `expected one of: ${audiences.join(', ')}`],
    })
  }

  return { clientId: payload.iss, expiresAt }
}

/** `ws://host:port/` and `ws://host:port` name the same relay. */
export function normalizeAudience(audience: string): string {
  return audience.replace(/\/+$/, '')
}

function decodeJsonPart(encoded: string, part: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))
  } catch (error) {
    throw new InvalidAuthTokenError(`${part} is not base64url JSON`, { cause: error })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidAuthTokenError(`${part} is not a JSON object`)
  }
  return value as Record<string, unknown>
}
