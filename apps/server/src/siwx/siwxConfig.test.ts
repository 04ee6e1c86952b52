import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { readServerOptions } from '../config.ts'
import { ConfigError } from '../errors.ts'
import { createServer } from '../http/createServer.ts'
import { upsertProject } from '../projects/projects.ts'

describe('SIWX settings', () => {
  it('reads FOYER_SIWX_COOKIE_DOMAIN and FOYER_SIWX_SESSION_DAYS, refusing bad values', () => {
    expect(readServerOptions({}).siwx).toEqual({
      cookieDomain: undefined,
      sessionLifetimeMs: undefined,
    })
    expect(
      readServerOptions({ FOYER_SIWX_COOKIE_DOMAIN: '.Example.com', FOYER_SIWX_SESSION_DAYS: '2' })
        .siwx,
    ).toEqual({ cookieDomain: 'example.com', sessionLifetimeMs: 2 * 86_400_000 })
    for (const env of [
      { FOYER_SIWX_COOKIE_DOMAIN: 'localhost' },
      { FOYER_SIWX_COOKIE_DOMAIN: 'example.com; Secure' },
      { FOYER_SIWX_SESSION_DAYS: '0' },
      { FOYER_SIWX_SESSION_DAYS: '1.5' },
    ])
      expect(() => readServerOptions(env)).toThrow(ConfigError)
  })

  it('sets the cookie Domain and caps the session at the configured lifetime (an EOA, no node)', async () => {
    const app = await createServer({
      dataDir: 'memory://',
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
      siwx: { cookieDomain: 'example.com', sessionLifetimeMs: 86_400_000 },
    })
    try {
      await upsertProject({
        db: app.foyer.database.db,
        id: 'cfg',
        name: 'Config',
        allowedOrigins: ['https://app.example.com'],
      })
      const headers = { origin: 'https://app.example.com' }
      const { nonce } = (
        await app.inject({ method: 'POST', url: '/v1/siwx/nonce?projectId=cfg', headers })
      ).json()
      const account = privateKeyToAccount(
        '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
      )
      const message = createSiweMessage({
        address: account.address,
        chainId: 1,
        domain: 'app.example.com',
        uri: 'https://app.example.com/',
        version: '1',
        nonce,
        // Later than the cap: the cap wins.
        expirationTime: new Date(Date.now() + 30 * 86_400_000),
      })
      const before = Date.now()
      const response = await app.inject({
        method: 'POST',
        url: '/v1/siwx/verify?projectId=cfg',
        headers,
        payload: {
          message,
          signature: await account.signMessage({ message }),
          namespace: 'eip155',
        },
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(String(response.headers['set-cookie'])).toMatch(
        /; Max-Age=86400; HttpOnly; SameSite=None; Secure; Domain=example\.com$/,
      )
      const expiresAt = Date.parse(response.json().session.expiresAt)
      expect(expiresAt - before).toBeGreaterThanOrEqual(86_400_000)
      expect(expiresAt - before).toBeLessThan(86_400_000 + 60_000)
    } finally {
      await app.close()
    }
  })
})
