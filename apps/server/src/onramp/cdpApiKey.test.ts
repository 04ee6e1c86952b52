import { generateKeyPairSync } from 'node:crypto'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../errors.ts'
import { cdpJwtLifetimeSeconds, parseCdpApiKey, signCdpJwt } from './cdpApiKey.ts'
import { OnRampApiKeyError } from './errors.ts'

const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
const sec1Pem = ec.privateKey.export({ type: 'sec1', format: 'pem' }).toString()
const pkcs8Pem = ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const ed = generateKeyPairSync('ed25519')
const edJwk = ed.privateKey.export({ format: 'jwk' })
/** The CDP portal's Ed25519 secret: base64 of seed ‖ public key. */
const edSecret = Buffer.concat([
  Buffer.from(edJwk.d!, 'base64url'),
  Buffer.from(edJwk.x!, 'base64url'),
]).toString('base64')

const url = new URL('http://127.0.0.1:8123/onramp/v1/buy/options?country=US')

describe('CDP API keys', () => {
  it('signs ES256 JWTs with a SEC1 or PKCS#8 P-256 PEM, also with literal \\n', async () => {
    for (const secret of [sec1Pem, pkcs8Pem, sec1Pem.replace(/\n/g, '\\n')]) {
      const key = parseCdpApiKey('organizations/o/apiKeys/k', secret)
      expect(key.algorithm).toBe('ES256')
      const jwt = await signCdpJwt({ key, method: 'get', url, now: 1_700_000_000 })
      const { payload, protectedHeader } = await jwtVerify(jwt, ec.publicKey, {
        algorithms: ['ES256'],
        currentDate: new Date(1_700_000_010_000),
      })
      expect(protectedHeader).toEqual({
        alg: 'ES256',
        kid: 'organizations/o/apiKeys/k',
        typ: 'JWT',
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      })
      expect(payload).toEqual({
        sub: 'organizations/o/apiKeys/k',
        iss: 'cdp',
        nbf: 1_700_000_000,
        exp: 1_700_000_000 + cdpJwtLifetimeSeconds,
        uri: 'GET 127.0.0.1:8123/onramp/v1/buy/options',
      })
    }
  })

  it('signs EdDSA JWTs with the Ed25519 secret (base64 of 64 bytes)', async () => {
    const key = parseCdpApiKey('key-id', edSecret)
    expect(key.algorithm).toBe('EdDSA')
    const jwt = await signCdpJwt({ key, method: 'POST', url })
    const { payload } = await jwtVerify(jwt, ed.publicKey, { algorithms: ['EdDSA'] })
    expect(payload).toMatchObject({ sub: 'key-id', iss: 'cdp', uri: expect.any(String) })
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'EdDSA', kid: 'key-id' })
  })

  it('makes every JWT unique (a fresh nonce)', async () => {
    const key = parseCdpApiKey('k', sec1Pem)
    const nonces = new Set<unknown>()
    for (let i = 0; i < 5; i++)
      nonces.add(decodeProtectedHeader(await signCdpJwt({ key, method: 'GET', url })).nonce)
    expect(nonces.size).toBe(5)
  })

  it('refuses secrets it cannot sign with, never quoting them', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString()
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' })
      .privateKey.export({ type: 'sec1', format: 'pem' })
      .toString()
    const otherEd = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })
    const mixedUp = Buffer.concat([
      Buffer.from(edJwk.d!, 'base64url'),
      Buffer.from(otherEd.x!, 'base64url'),
    ]).toString('base64')
    const cases = [
      rsa,
      p384,
      '-----BEGIN EC PRIVATE KEY-----\nnot a key\n-----END EC PRIVATE KEY-----',
      Buffer.alloc(32, 7).toString('base64'),
      mixedUp,
      'password',
    ]
    for (const secret of cases) {
      let thrown: unknown
      try {
        parseCdpApiKey('k', secret)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(OnRampApiKeyError)
      expect(thrown).toBeInstanceOf(ConfigError)
      expect((thrown as Error).message).not.toContain(
        secret.length > 60 ? secret.slice(30, 60) : secret,
      )
    }
    expect(() => parseCdpApiKey(' ', sec1Pem)).toThrow(OnRampApiKeyError)
  })
})
