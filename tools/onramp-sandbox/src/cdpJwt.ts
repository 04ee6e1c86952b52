import { createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { UnauthorizedError } from './errors.ts'

/** CDP refuses JWTs that live longer than this (they are made per request). */
export const cdpJwtMaxLifetimeSeconds = 120
/** Clock skew allowed between the signer and the sandbox. */
const clockToleranceSeconds = 5

export type SignCdpJwtParameters = {
  apiKeyName: string
  /** PKCS#8 or SEC1 PEM of the EC P-256 key. */
  privateKeyPem: string
  method: string
  /** `host[:port]` of the API, e.g. `127.0.0.1:4406` (`api.developer.coinbase.com` in production). */
  host: string
  /** The request path without its query, e.g. `/onramp/v1/buy/options`. */
  path: string
  /** Unix seconds of `nbf`; default now. */
  now?: number | undefined
  /** Default and most 120. */
  expiresInSeconds?: number | undefined
}

/**
 * A CDP API key JWT for one request, as Coinbase's SDKs make it: ES256, `kid` the key name, a random
 * `nonce` in the header; `sub` the key name, `iss: 'cdp'`, `nbf`/`exp` 120 s apart and
 * `uri: '<METHOD> <host><path>'`. For tests and scripts that call the sandbox directly.
 */
export async function signCdpJwt(parameters: SignCdpJwtParameters): Promise<string> {
  const { apiKeyName, privateKeyPem, method, host, path } = parameters
  const now = parameters.now ?? Math.floor(Date.now() / 1000)
  const lifetime = parameters.expiresInSeconds ?? cdpJwtMaxLifetimeSeconds
  return new SignJWT({ uri: `${method.toUpperCase()} ${host}${path}` })
    .setProtectedHeader({
      alg: 'ES256',
      kid: apiKeyName,
      typ: 'JWT',
      nonce: randomBytes(16).toString('hex'),
    })
    .setSubject(apiKeyName)
    .setIssuer('cdp')
    .setNotBefore(now)
    .setExpirationTime(now + lifetime)
    .sign(createPrivateKey(privateKeyPem))
}

export type CdpApiKey = { name: string; publicKey: KeyObject }

/** Reads `{ name, publicKeyPem }`; throws node's error on a PEM that is no EC P-256 public key. */
export function readCdpApiKey(apiKey: { name: string; publicKeyPem: string }): CdpApiKey {
  const publicKey = createPublicKey(apiKey.publicKeyPem)
  if (
    publicKey.asymmetricKeyType !== 'ec' ||
    publicKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1'
  ) {
    throw new TypeError('the public key is not an EC P-256 key')
  }
  return { name: apiKey.name, publicKey }
}

export type VerifyCdpJwtParameters = {
  /** The request's `Authorization` header. */
  authorization: string | undefined
  method: string
  /** The request's `Host` header. */
  host: string | undefined
  /** The request path without its query. */
  path: string
  apiKey: CdpApiKey
  /** Unix seconds; default now. */
  now?: number | undefined
}

/**
 * Checks a request's CDP JWT the way Coinbase's API does: the ES256 signature with the API key,
 * `kid` and `sub` the key's name, `iss: 'cdp'`, inside `nbf`…`exp` (at most 120 s apart), a header
 * `nonce`, and `uri` naming this very request. Throws `UnauthorizedError` saying which check failed.
 */
export async function verifyCdpJwt(parameters: VerifyCdpJwtParameters): Promise<void> {
  const { authorization, method, host, path, apiKey } = parameters
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  if (!match) throw new UnauthorizedError('Missing "Authorization: Bearer <JWT>" header')
  let payload: Record<string, unknown>
  let header: Record<string, unknown>
  try {
    ;({ payload, protectedHeader: header } = await jwtVerify(match[1]!, apiKey.publicKey, {
      algorithms: ['ES256'],
      issuer: 'cdp',
      subject: apiKey.name,
      typ: 'JWT',
      requiredClaims: ['nbf', 'exp', 'uri'],
      clockTolerance: clockToleranceSeconds,
      ...(parameters.now === undefined ? {} : { currentDate: new Date(parameters.now * 1000) }),
    }))
  } catch (error) {
    throw new UnauthorizedError(describeJoseError(error), { cause: error })
  }
  if (header.kid !== apiKey.name) {
    throw new UnauthorizedError(`The JWT's kid must be the API key name "${apiKey.name}"`)
  }
  if (typeof header.nonce !== 'string' || !/^[0-9a-fA-F]{1,128}$/.test(header.nonce)) {
    throw new UnauthorizedError('The JWT header must carry a hex nonce')
  }
  const lifetime = Number(payload.exp) - Number(payload.nbf)
  if (!(lifetime > 0 && lifetime <= cdpJwtMaxLifetimeSeconds)) {
    throw new UnauthorizedError(
      `The JWT must expire at most ${cdpJwtMaxLifetimeSeconds} s after nbf (got ${lifetime} s)`,
    )
  }
  const expected = `${method.toUpperCase()} ${host ?? ''}${path}`
  if (payload.uri !== expected) {
    throw new UnauthorizedError(
      `The JWT's uri "${String(payload.uri)}" is not this request ("${expected}")`,
    )
  }
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The JWT has expired'
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return 'The JWT signature does not verify with the API key'
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return `The JWT's ${error.claim} claim is invalid: ${error.reason}`
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'The JWT must be signed with ES256'
  if (error instanceof joseErrors.JWTInvalid || error instanceof joseErrors.JWSInvalid) {
    return 'The bearer token is not a valid JWT'
  }
  return `The JWT does not verify: ${error instanceof Error ? error.message : String(error)}`
}
