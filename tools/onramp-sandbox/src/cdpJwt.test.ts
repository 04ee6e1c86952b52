import { createPrivateKey } from 'node:crypto'
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { readCdpApiKey, signCdpJwt, verifyCdpJwt } from './cdpJwt.ts'
import { createOnRampSandboxKey } from './createOnRampSandboxKey.ts'
import { UnauthorizedError } from './errors.ts'

const key = createOnRampSandboxKey('organizations/foyer/apiKeys/test')
const apiKey = readCdpApiKey(key)
const request = { method: 'GET', host: '127.0.0.1:4406', path: '/onramp/v1/buy/options' }

const sign = (overrides: Partial<Parameters<typeof signCdpJwt>[0]> = {}) =>
  signCdpJwt({ apiKeyName: key.name, privateKeyPem: key.privateKeyPem, ...request, ...overrides })

const verify = (token: string | undefined, overrides: Partial<typeof request> = {}) =>
  verifyCdpJwt({
    authorization: token === undefined ? undefined : `Bearer ${token}`,
    ...request,
    ...overrides,
    apiKey,
  })

describe('signCdpJwt', () => {
  it('makes the JWT of a CDP API key for one request', async () => {
    const token = await sign()
    expect(decodeProtectedHeader(token)).toEqual({
      alg: 'ES256',
      kid: key.name,
      typ: 'JWT',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    const claims = decodeJwt(token)
    expect(claims).toMatchObject({
      sub: key.name,
      iss: 'cdp',
      uri: 'GET 127.0.0.1:4406/onramp/v1/buy/options',
    })
    expect(claims.exp! - claims.nbf!).toBe(120)
  })

  it('also signs with a SEC1 PEM (the format CDP downloads)', async () => {
    const sec1 = createPrivateKey(key.privateKeyPem).export({ type: 'sec1', format: 'pem' })
    await expect(verify(await sign({ privateKeyPem: String(sec1) }))).resolves.toBeUndefined()
  })
})

describe('verifyCdpJwt', () => {
  it('accepts a JWT made for this request', async () => {
    await expect(verify(await sign())).resolves.toBeUndefined()
  })

  it.each([
    ['no header', undefined, /Missing "Authorization: Bearer <JWT>" header/],
    ['not a JWT', 'abc', /not a valid JWT/],
  ])('refuses %s', async (_, token, message) => {
    await expect(verify(token)).rejects.toThrow(message)
  })

  it('refuses an expired JWT', async () => {
    const token = await sign({ now: Math.floor(Date.now() / 1000) - 300 })
    await expect(verify(token)).rejects.toBeInstanceOf(UnauthorizedError)
    await expect(verify(token)).rejects.toThrow('The JWT has expired')
  })

  it('refuses a JWT not valid yet', async () => {
    const token = await sign({ now: Math.floor(Date.now() / 1000) + 300 })
    await expect(verify(token)).rejects.toThrow(/nbf claim is invalid/)
  })

  it('refuses a JWT signed by another key, even under the right name', async () => {
    const other = createOnRampSandboxKey(key.name)
    const token = await sign({ privateKeyPem: other.privateKeyPem })
    await expect(verify(token)).rejects.toThrow(
      'The JWT signature does not verify with the API key',
    )
  })

  it('refuses a JWT for another request', async () => {
    await expect(verify(await sign(), { method: 'POST' })).rejects.toThrow(
      'The JWT\'s uri "GET 127.0.0.1:4406/onramp/v1/buy/options" is not this request ("POST 127.0.0.1:4406/onramp/v1/buy/options")',
    )
    await expect(verify(await sign({ host: 'api.developer.coinbase.com' }))).rejects.toThrow(
      /is not this request/,
    )
    await expect(verify(await sign({ path: '/onramp/v1/token' }))).rejects.toThrow(
      /is not this request/,
    )
  })

  it('refuses a JWT living longer than 120 s', async () => {
    await expect(verify(await sign({ expiresInSeconds: 121 }))).rejects.toThrow(
      'The JWT must expire at most 120 s after nbf (got 121 s)',
    )
  })

  it('refuses a wrong kid, sub, iss, or a missing nonce', async () => {
    const now = Math.floor(Date.now() / 1000)
    const craft = (header: Record<string, unknown>, claims: Record<string, unknown>) =>
      new SignJWT({ uri: 'GET 127.0.0.1:4406/onramp/v1/buy/options', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: key.name, typ: 'JWT', nonce: 'ab12', ...header })
        .setSubject(String(claims.sub ?? key.name))
        .setIssuer(String(claims.iss ?? 'cdp'))
        .setNotBefore(now)
        .setExpirationTime(now + 60)
        .sign(createPrivateKey(key.privateKeyPem))
    await expect(verify(await craft({}, {}))).resolves.toBeUndefined()
    await expect(verify(await craft({ kid: 'other' }, {}))).rejects.toThrow(/kid/)
    await expect(verify(await craft({}, { sub: 'other' }))).rejects.toThrow(/sub claim/)
    await expect(verify(await craft({}, { iss: 'coinbase' }))).rejects.toThrow(/iss claim/)
    await expect(verify(await craft({ nonce: undefined }, {}))).rejects.toThrow(/hex nonce/)
  })
})

describe('readCdpApiKey', () => {
  it('refuses a key that is not EC P-256', () => {
    expect(() => readCdpApiKey({ name: 'x', publicKeyPem: 'nope' })).toThrow()
  })
})
