import { generateKeyPair, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { verifyAppleClientSecret } from './verifyAppleClientSecret.ts'

const { publicKey, privateKey } = await generateKeyPair('ES256')
const now = 1_800_000_000
const base = {
  publicKey,
  keyId: 'KEY1234567',
  teamId: 'TEAM123456',
  clientId: 'dev.foyer.web',
  audience: 'http://127.0.0.1:4404/apple',
  now,
}

function secret(
  changes: {
    kid?: string
    iss?: string
    sub?: string
    aud?: string
    iat?: number
    exp?: number
  } = {},
) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: changes.kid ?? base.keyId })
    .setIssuer(changes.iss ?? base.teamId)
    .setSubject(changes.sub ?? base.clientId)
    .setAudience(changes.aud ?? base.audience)
    .setIssuedAt(changes.iat ?? now - 10)
    .setExpirationTime(changes.exp ?? now + 3600)
    .sign(privateKey)
}

describe('verifyAppleClientSecret', () => {
  it('accepts a secret made as Apple documents it, for up to six months', async () => {
    expect(await verifyAppleClientSecret({ ...base, clientSecret: await secret() })).toBeUndefined()
    const sixMonths = await secret({ iat: now, exp: now + 15_777_000 })
    expect(await verifyAppleClientSecret({ ...base, clientSecret: sixMonths })).toBeUndefined()
  })

  it.each([
    ['another key id', { kid: 'OTHER12345' }, /kid/],
    ['another team', { iss: 'OTHERTEAM1' }, /iss/],
    ['another client', { sub: 'dev.other' }, /sub/],
    ['the real Apple audience', { aud: 'https://appleid.apple.com' }, /aud/],
    ['an expired one', { iat: now - 7200, exp: now - 3600 }, /exp/],
    ['one issued in the future', { iat: now + 600, exp: now + 3600 }, /iat/],
    ['one valid for over six months', { iat: now, exp: now + 15_777_001 }, /six months/],
  ])('refuses %s', async (_label, changes, reason) => {
    const refused = await verifyAppleClientSecret({ ...base, clientSecret: await secret(changes) })
    expect(refused).toMatch(reason)
  })

  it('refuses what is not a JWT', async () => {
    expect(await verifyAppleClientSecret({ ...base, clientSecret: 'plain-secret' })).toBeDefined()
  })
})
