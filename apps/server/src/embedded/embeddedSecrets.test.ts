import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { SignJWT } from 'jose'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { readEmbeddedWalletOptions } from '../config.ts'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { createServer } from '../http/createServer.ts'
import { createCodeStore } from './codeStore.ts'
import { createEmbeddedWallet } from './createEmbeddedWallet.ts'
import {
  deriveEmbeddedKey,
  deriveEmbeddedKeys,
  EmbeddedConfigError,
  loadEmbeddedSecrets,
  parseSecretKey,
} from './embeddedSecrets.ts'
import { hashToken } from './oneTimeCode.ts'

const hex = () => randomBytes(32).toString('hex')

describe('embedded secrets (issue 26 item 7)', () => {
  it('accepts 32 random bytes as hex or base64', () => {
    const bytes = randomBytes(32)
    for (const text of [
      bytes.toString('hex'),
      `0x${bytes.toString('hex')}`,
      bytes.toString('base64'),
      bytes.toString('base64url'),
    ])
      expect(Buffer.from(parseSecretKey('FOYER_SESSION_SECRET', text))).toEqual(bytes)
  })

  // Before: both were accepted, and one such secret keyed every token and digest.
  it.each([
    ['a password', 'password-password-password-password-passwor=', 'repeats a 9-character pattern'],
    ['a run of one letter', 'a'.repeat(64), 'repeats a 1-character pattern'],
    ['a repeated hex pattern', '0123456789abcdef'.repeat(4), 'repeats a 16-character pattern'],
    [
      'a counting sequence',
      Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('hex'),
      'simple sequence',
    ],
    ['few distinct bytes', Buffer.from('abcdefgh'.repeat(4) + '').toString('hex'), 'pattern'],
  ])('refuses %s at start-up', (_name, value, reason) => {
    expect(() => parseSecretKey('FOYER_SESSION_SECRET', value)).toThrow(EmbeddedConfigError)
    expect(() => parseSecretKey('FOYER_SESSION_SECRET', value)).toThrow(reason)
  })

  it.each([
    ['too short', randomBytes(16).toString('hex')],
    ['too long', randomBytes(48).toString('hex')],
    ['base64 of 33 bytes', randomBytes(33).toString('base64')],
    ['not hex nor base64', 'correct horse battery staple, but much longer than that!'],
  ])('refuses a value that is not 32 bytes (%s), saying how to make one', (_name, value) => {
    expect(() => parseSecretKey('FOYER_SHARE_KEY', value)).toThrow(
      /FOYER_SHARE_KEY must be (exactly )?32 (random )?bytes.*openssl rand -hex 32/,
    )
  })

  it('refuses a weak secret when the embedded wallet starts', async () => {
    const server = await createServer({
      dataDir: 'memory://',
      logger: false,
      indexer: { enabled: false },
    })
    try {
      await expect(
        createEmbeddedWallet({
          server,
          dev: false,
          dataDir: tmpdir(),
          host: '127.0.0.1',
          framePort: 0,
          logger: false,
          sessionSecret: 'a'.repeat(64),
          shareKey: hex(),
        }),
      ).rejects.toThrow('FOYER_SESSION_SECRET is not random enough')
    } finally {
      await server.close()
    }
  })

  it('derives one subkey per purpose, none equal to the secret', () => {
    const secret = parseSecretKey('S', hex())
    const keys = deriveEmbeddedKeys(secret)
    const all = [
      keys.sessionJwt.current,
      keys.oneTimeCodes.current,
      keys.refreshTokens.current,
      keys.approvalTokens.current,
      secret,
    ].map((key) => Buffer.from(key).toString('hex'))
    expect(new Set(all).size).toBe(5)
    expect(deriveEmbeddedKey(secret, 'sessionJwt')).toEqual(keys.sessionJwt.current)
    // A digest of the same token differs per purpose: an approval token is no refresh token.
    expect(hashToken(keys.approvalTokens.current, 't')).not.toBe(
      hashToken(keys.refreshTokens.current, 't'),
    )
  })

  it('keeps development secrets of a memory:// data dir in memory, writing no file', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'foyer-secrets-cwd-'))
    const spy = vi.spyOn(process, 'cwd').mockReturnValue(cwd)
    try {
      const first = loadEmbeddedSecrets({ generateInto: 'memory://' })!
      const second = loadEmbeddedSecrets({ generateInto: 'memory://' })!
      expect(first.sessionSecret).toHaveLength(32)
      // Each in-memory server gets its own secrets, and nothing lands in the working directory.
      expect(Buffer.from(first.shareKey).equals(Buffer.from(second.shareKey))).toBe(false)
      expect(readdirSync(cwd)).toEqual([])
    } finally {
      spy.mockRestore()
      rmSync(cwd, { recursive: true, force: true })
    }
  })

  it('keeps the development secrets file working, and generates only valid secrets', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-secrets-'))
    try {
      // The format earlier releases wrote: 32 random bytes in hex per secret.
      const existing = { sessionSecret: hex(), shareKey: hex() }
      writeFileSync(join(dir, 'embedded-secrets.json'), JSON.stringify(existing, null, 2))
      const loaded = loadEmbeddedSecrets({ generateInto: dir })!
      expect(Buffer.from(loaded.sessionSecret).toString('hex')).toBe(existing.sessionSecret)
      expect(Buffer.from(loaded.shareKey).toString('hex')).toBe(existing.shareKey)

      const fresh = mkdtempSync(join(tmpdir(), 'foyer-secrets-'))
      try {
        expect(loadEmbeddedSecrets({ generateInto: fresh })).toBeDefined()
        const written = JSON.parse(readFileSync(join(fresh, 'embedded-secrets.json'), 'utf8'))
        expect(written.sessionSecret).toMatch(/^[0-9a-f]{64}$/)
      } finally {
        rmSync(fresh, { recursive: true, force: true })
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reads FOYER_SESSION_SECRET_PREVIOUS as a comma list, each entry checked', () => {
    const [a, b] = [hex(), hex()]
    expect(readEmbeddedWalletOptions({ FOYER_SESSION_SECRET_PREVIOUS: `${a},${b}` })).toMatchObject(
      { previousSessionSecrets: `${a},${b}` },
    )
    const secrets = loadEmbeddedSecrets({
      sessionSecret: hex(),
      previousSessionSecrets: `${a}, ${b}`,
      shareKey: hex(),
    })!
    expect(secrets.keys.refreshTokens.verifying).toHaveLength(3)
    expect(() =>
      loadEmbeddedSecrets({
        sessionSecret: hex(),
        previousSessionSecrets: `${a},short`,
        shareKey: hex(),
      }),
    ).toThrow('FOYER_SESSION_SECRET_PREVIOUS (entry 2)')
  })

  it('accepts codes hashed under a previous secret, never under an unknown one', async () => {
    const database = await createDatabase({ dataDir: 'memory://' })
    try {
      const [oldSecret, newSecret] = [parseSecretKey('S', hex()), parseSecretKey('S', hex())]
      const before = deriveEmbeddedKeys(oldSecret)
      const after = deriveEmbeddedKeys(newSecret, [oldSecret])
      const target = { projectId: 'p', email: 'a@example.com' }
      const old = createCodeStore({ db: database.db, key: before.oneTimeCodes.current })
      const rotated = createCodeStore({
        db: database.db,
        key: after.oneTimeCodes.current,
        verifyingKeys: after.oneTimeCodes.verifying,
      })
      await rotated.consume('login', target, await old.issue('login', target))
      const withoutPrevious = createCodeStore({ db: database.db, key: after.oneTimeCodes.current })
      await expect(
        withoutPrevious.consume('login', target, await old.issue('login', target)),
      ).rejects.toThrow('Invalid code')
    } finally {
      await database.destroy()
    }
  })

  describe('rotation through the frame listener', () => {
    let database: FoyerDatabase
    const servers: FastifyInstance[] = []
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-rotation-'))
    const shareKey = hex()
    afterAll(async () => {
      for (const server of servers) await server.close()
      await database?.destroy()
      rmSync(dataDir, { recursive: true, force: true })
    })

    async function start(sessionSecret: string, previousSessionSecrets?: string) {
      database ??= await createDatabase({ dataDir: 'memory://' })
      const server = await createServer({
        database,
        dev: true,
        logger: false,
        rateLimit: false,
        indexer: { enabled: false },
      })
      servers.push(server)
      const embedded = await createEmbeddedWallet({
        server,
        dev: true,
        dataDir,
        host: '127.0.0.1',
        framePort: 0,
        rateLimit: false,
        logger: false,
        sessionSecret,
        previousSessionSecrets,
        shareKey,
      })
      return { server, frame: embedded!.frame }
    }

    const session = (frame: FastifyInstance, cookie: string) =>
      frame.inject({ url: '/v1/embedded/session?projectId=foyer-dev', headers: { cookie } })

    it('keeps sessions of the previous secret, and refuses a token signed with the raw secret', async () => {
      const oldSecret = hex()
      const first = await start(oldSecret)
      const { access, refresh } = await logIn(first.frame, first.server)
      expect((await session(first.frame, access)).json().user).not.toBeNull()

      // The raw secret signs nothing any more: a token made with it is no session.
      const forged = await new SignJWT({ sid: 'x', pid: 'foyer-dev' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('x')
        .setIssuer('foyer')
        .setAudience('foyer-frame')
        .setExpirationTime('5m')
        .sign(Buffer.from(oldSecret, 'hex'))
      expect((await session(first.frame, `foyer_session=${forged}`)).json().user).toBeNull()

      // Rotated: the new secret signs, the old one still verifies access and refresh tokens.
      const rotated = await start(hex(), oldSecret)
      expect((await session(rotated.frame, access)).json().user).not.toBeNull()
      const refreshed = await rotated.frame.inject({
        method: 'POST',
        url: '/v1/embedded/session/refresh?projectId=foyer-dev',
        headers: { cookie: refresh },
      })
      expect(refreshed.statusCode).toBe(200)

      // Without the previous secret, neither works.
      const { refresh: second } = await logIn(first.frame, first.server)
      const forgotten = await start(hex())
      expect((await session(forgotten.frame, access)).json().user).toBeNull()
      const refused = await forgotten.frame.inject({
        method: 'POST',
        url: '/v1/embedded/session/refresh?projectId=foyer-dev',
        headers: { cookie: second },
      })
      expect(refused.statusCode).toBe(401)
    })
  })
})

let loginCounter = 0

/** An email login through the routes and the dev mailbox: the access and refresh cookies. */
async function logIn(frame: FastifyInstance, server: FastifyInstance) {
  const email = `rotation${loginCounter++}@example.com`
  const deviceId = 'device-rotation-0000'
  const start = await frame.inject({
    method: 'POST',
    url: '/v1/embedded/email/start?projectId=foyer-dev',
    payload: { email, deviceId, projectId: 'foyer-dev' },
  })
  expect(start.statusCode).toBe(200)
  let code: string | undefined
  await vi.waitFor(async () => {
    const mailbox = await server.inject({ url: `/dev/mailbox.json?to=${email}` })
    code = /\b(\d{6})\b/.exec(mailbox.json().mails[0]?.text ?? '')?.[1]
    expect(code).toBeDefined()
  })
  const verify = await frame.inject({
    method: 'POST',
    url: '/v1/embedded/email/verify?projectId=foyer-dev',
    payload: { email, deviceId, otp: code },
  })
  expect(verify.statusCode).toBe(200)
  const cookies = [verify.headers['set-cookie']]
    .flat()
    .map((cookie) => String(cookie).split(';')[0]!)
  return {
    access: cookies.find((cookie) => cookie.startsWith('foyer_session='))!,
    refresh: cookies.find((cookie) => cookie.startsWith('foyer_refresh='))!,
  }
}
