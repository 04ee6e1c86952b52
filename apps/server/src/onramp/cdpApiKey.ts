import { createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto'
import { type JWTHeaderParameters, SignJWT } from 'jose'
import { OnRampApiKeyError } from './errors.ts'

/** A Coinbase Developer Platform (CDP) API key, ready to sign request JWTs. */
export type CdpApiKey = {
  /** The key's name (`organizations/…/apiKeys/…`, or a plain id): `kid` and `sub` of each JWT. */
  name: string
  /** ES256 for the P-256 keys of the CDP portal's ECDSA option; EdDSA for its newer Ed25519 keys. */
  algorithm: 'ES256' | 'EdDSA'
  privateKey: KeyObject
}

/** How long a request JWT is valid: Coinbase accepts at most 2 minutes. */
export const cdpJwtLifetimeSeconds = 120

/**
 * Reads a CDP key secret: a PEM private key on P-256 (SEC1 `BEGIN EC PRIVATE KEY` as the portal
 * hands it out, or PKCS#8), also with literal `\n` as env files hold it; or the portal's Ed25519
 * secret, base64 of 64 bytes (the 32-byte seed, then the public key). Errors never quote the secret.
 */
export function parseCdpApiKey(name: string, secret: string): CdpApiKey {
  if (!name.trim()) throw new OnRampApiKeyError('The on-ramp API key name is empty')
  const text = secret.trim().replace(/\\n/g, '\n')
  if (text.includes('-----BEGIN')) {
    let privateKey: KeyObject
    try {
      privateKey = createPrivateKey({ key: text, format: 'pem' })
    } catch {
      throw new OnRampApiKeyError('The on-ramp API key secret is not a readable PEM private key')
    }
    if (
      privateKey.asymmetricKeyType === 'ec' &&
      privateKey.asymmetricKeyDetails?.namedCurve === 'prime256v1'
    )
      return { name: name.trim(), algorithm: 'ES256', privateKey }
    if (privateKey.asymmetricKeyType === 'ed25519')
      return { name: name.trim(), algorithm: 'EdDSA', privateKey }
    throw new OnRampApiKeyError(
      'The on-ramp API key secret must be an EC key on P-256 (prime256v1) or an Ed25519 key',
    )
  }
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : undefined
  if (bytes?.length !== 64)
    throw new OnRampApiKeyError(
      'The on-ramp API key secret must be a PEM private key (P-256) or an Ed25519 secret (base64 of 64 bytes)',
    )
  const seed = bytes.subarray(0, 32)
  const publicKey = bytes.subarray(32)
  let privateKey: KeyObject
  try {
    privateKey = createPrivateKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        d: seed.toString('base64url'),
        x: publicKey.toString('base64url'),
      },
      format: 'jwk',
    })
  } catch {
    throw new OnRampApiKeyError('The on-ramp API key secret is not a valid Ed25519 secret')
  }
  // Node takes `x` as given: check that the second half is the seed's own public key, so a
  // truncated or mixed-up secret fails at start and not as 401s later.
  const derived = createPublicKey(privateKey).export({ format: 'jwk' }).x
  if (derived !== publicKey.toString('base64url'))
    throw new OnRampApiKeyError(
      'The on-ramp API key secret is not a valid Ed25519 secret (its public half does not match)',
    )
  return { name: name.trim(), algorithm: 'EdDSA', privateKey }
}

export type SignCdpJwtParameters = {
  key: CdpApiKey
  method: string
  /** The request URL; its host (with port) and path, never its query, are signed. */
  url: URL
  /** Seconds since the epoch; default now. */
  now?: number | undefined
}

/**
 * The bearer JWT of one CDP API request: header `{ alg, kid, typ: 'JWT', nonce }`, claims
 * `{ sub, iss: 'cdp', nbf, exp, uri: 'GET api.developer.coinbase.com/onramp/v1/buy/options' }`.
 * One per request: the `uri` binds it to that method and path, the nonce makes each unique.
 */
export async function signCdpJwt({ key, method, url, now }: SignCdpJwtParameters): Promise<string> {
  const issuedAt = now ?? Math.floor(Date.now() / 1000)
  const header: JWTHeaderParameters & { nonce: string } = {
    alg: key.algorithm,
    kid: key.name,
    typ: 'JWT',
    nonce: randomBytes(16).toString('hex'),
  }
  return new SignJWT({ uri: `${method.toUpperCase()} ${url.host}${url.pathname}` })
    .setProtectedHeader(header)
    .setSubject(key.name)
    .setIssuer('cdp')
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + cdpJwtLifetimeSeconds)
    .sign(key.privateKey)
}
