import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import {
  type AuthApi,
  AuthApiError,
  createHttpAuthApi,
  createMemoryDeviceShareStore,
  ensureWallet,
  loadSignerShares,
  withSigner,
} from '@foyer/frame'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FoyerDatabase } from '../../src/db/createDatabase.ts'
import {
  createEmbeddedWallet,
  type EmbeddedWallet,
} from '../../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../../src/http/createServer.ts'
import { codeOf, createCookieJar, latestMail, linkOf, mailCount } from './embeddedClient.ts'

export type EmbeddedDatabaseFixture = { database: FoyerDatabase; stop: () => Promise<void> }

const projectId = 'foyer-dev'
let emailCounter = 0
const newEmail = () => `user${Date.now()}-${emailCounter++}@example.com`
const newDeviceId = () => `device-${crypto.randomUUID()}`

/** The embedded-wallet routes on the frame listener, against the given database. */
/**
 * A code as its own token: random 6 digits also occur inside timestamps and hashes, which would
 * make a plain `toContain` fail by chance.
 */
const standalone = (code: string) => new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`)

export function describeEmbeddedSuite(
  name: string,
  openDatabase: () => Promise<EmbeddedDatabaseFixture>,
): void {
  describe(name, () => {
    let fixture: EmbeddedDatabaseFixture
    let server: FastifyInstance
    let embedded: EmbeddedWallet
    let frameUrl: string
    let tempDir: string
    const logLines: string[] = []

    beforeAll(async () => {
      tempDir = mkdtempSync(join(tmpdir(), 'foyer-embedded-test-'))
      fixture = await openDatabase()
      server = await createServer({
        database: fixture.database,
        dev: true,
        logger: false,
        indexer: { enabled: false },
        rateLimit: false,
      })
      const wallet = await createEmbeddedWallet({
        server,
        dev: true,
        dataDir: tempDir,
        host: '127.0.0.1',
        framePort: 0,
        rateLimit: false,
        logger: {
          level: 'trace',
          stream: new Writable({
            write(chunk, _encoding, callback) {
              logLines.push(String(chunk))
              callback()
            },
          }),
        },
      })
      if (!wallet) throw new Error('embedded wallet did not start')
      embedded = wallet
      frameUrl = await embedded.listen()
      await server.ready()
    }, 60_000)

    afterAll(async () => {
      await server?.close()
      await fixture?.stop()
      rmSync(tempDir, { recursive: true, force: true })
    })

    const browser = () => {
      const jar = createCookieJar()
      return { jar, api: createHttpAuthApi({ baseUrl: frameUrl, projectId, fetch: jar.fetch }) }
    }
    const login = async (api: AuthApi, email: string, deviceId: string) => {
      expect(await api.startEmailLogin({ email, deviceId, projectId })).toEqual({
        action: 'VERIFY_OTP',
      })
      const code = codeOf(await latestMail(server, email))
      return { code, result: await api.verifyEmailOtp({ email, otp: code, deviceId }) }
    }
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error('expected a failure')
        },
        (error: unknown) => {
          if (!(error instanceof AuthApiError)) throw error
          return error
        },
      )

    it('logs a new visitor in with the emailed code and sets an httpOnly SameSite cookie', async () => {
      const { api, jar } = browser()
      const email = newEmail()
      expect((await api.getSession()).user).toBeNull()
      const { result } = await login(api, email, newDeviceId())
      expect(result.user.email).toBe(email)
      expect((await api.getSession()).user).toEqual(result.user)
      expect(jar.cookies.has('foyer_session')).toBe(true)

      const { api: other } = browser()
      const second = newEmail()
      await other.startEmailLogin({ email: second, deviceId: newDeviceId(), projectId })
      const code = codeOf(await latestMail(server, second))
      const verify = await fetch(`${frameUrl}/v1/embedded/email/verify?projectId=${projectId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: second, otp: code, deviceId: newDeviceId() }),
      })
      const cookies = verify.headers.getSetCookie().join('\n')
      expect(cookies).toMatch(/foyer_session=[^;]+;.*HttpOnly; SameSite=Strict/)
      expect(cookies).not.toMatch(/Secure/)
    })

    it("answers a second login within 30 s with 'Please try again after {n} seconds'", async () => {
      const { api } = browser()
      const email = newEmail()
      const deviceId = newDeviceId()
      await api.startEmailLogin({ email, deviceId, projectId })
      const error = await failure(api.startEmailLogin({ email, deviceId, projectId }))
      expect(error.status).toBe(429)
      const seconds = Number(/^Please try again after (\d+) seconds$/.exec(error.shortMessage)?.[1])
      expect(seconds).toBeGreaterThan(0)
      expect(seconds).toBeLessThanOrEqual(30)
      expect(await mailCount(server, email)).toBe(1)
    })

    it('keeps only a keyed hash of the code in the database', async () => {
      const { api } = browser()
      const email = newEmail()
      await api.startEmailLogin({ email, deviceId: newDeviceId(), projectId })
      const code = codeOf(await latestMail(server, email))
      const rows = await fixture.database.db
        .selectFrom('embedded_otps')
        .selectAll()
        .where('email', '=', email)
        .execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(rows)).not.toMatch(standalone(code))
    })

    it('kills the code after five wrong attempts, even for the right code', async () => {
      const { api } = browser()
      const email = newEmail()
      const deviceId = newDeviceId()
      await api.startEmailLogin({ email, deviceId, projectId })
      const code = codeOf(await latestMail(server, email))
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      for (let i = 0; i < 5; i++) {
        const error = await failure(api.verifyEmailOtp({ email, otp: wrong, deviceId }))
        expect(error.status).toBe(400)
      }
      const error = await failure(api.verifyEmailOtp({ email, otp: code, deviceId }))
      expect(error.details).toBe('otp_attempts_exceeded')
      expect((await api.getSession()).user).toBeNull()
    })

    it('refuses a code used once already', async () => {
      const { api } = browser()
      const email = newEmail()
      const deviceId = newDeviceId()
      const { code } = await login(api, email, deviceId)
      const { api: attacker } = browser()
      const error = await failure(attacker.verifyEmailOtp({ email, otp: code, deviceId }))
      expect(error.details).toBe('invalid_otp')
      expect((await attacker.getSession()).user).toBeNull()
    })

    it('releases auth shares only to a session, and stores them encrypted', async () => {
      const { api: anonymous } = browser()
      expect((await failure(anonymous.getAuthShares())).status).toBe(401)

      const { api } = browser()
      const email = newEmail()
      const deviceStore = createMemoryDeviceShareStore()
      const deviceId = await deviceStore.getDeviceId()
      const { result } = await login(api, email, deviceId)
      const { addresses } = await ensureWallet({
        authApi: api,
        deviceShareStore: deviceStore,
        recoveryPublicKey: embedded.recoveryPublicKey!,
        userId: result.user.userId,
      })
      const { wallet } = await api.getAuthShares()
      expect(wallet?.addresses).toEqual(addresses)
      const authShare = wallet!.shareSets[0]!.authShare
      const rows = await fixture.database.db
        .selectFrom('embedded_share_sets')
        .selectAll()
        .where('user_id', '=', result.user.userId)
        .execute()
      expect(rows).toHaveLength(1)
      const stored = JSON.stringify(rows)
      expect(stored).not.toContain(authShare.slice(2))
      expect(stored).not.toContain(Buffer.from(authShare.slice(2), 'hex').toString('base64url'))

      await api.signOut({})
      expect((await failure(api.getAuthShares())).status).toBe(401)
    })

    it('rotates the refresh token and revokes the session when a rotated one is reused', async () => {
      const { api, jar } = browser()
      await login(api, newEmail(), newDeviceId())
      const stolen = new Map(jar.cookies)
      const refreshed = await jar.fetch(`${frameUrl}/v1/embedded/session/refresh`, {
        method: 'POST',
      })
      expect(refreshed.status).toBe(200)
      expect(jar.cookies.get('foyer_refresh')).not.toBe(stolen.get('foyer_refresh'))
      expect((await api.getSession()).user).not.toBeNull()

      // Someone replays the old refresh token: the whole session family dies.
      const replay = await fetch(`${frameUrl}/v1/embedded/session/refresh`, {
        method: 'POST',
        headers: { cookie: `foyer_refresh=${stolen.get('foyer_refresh')}` },
      })
      expect(replay.status).toBe(401)
      expect((await api.getSession()).user).toBeNull()
    })

    it('refreshes a session from the refresh cookie alone', async () => {
      const { api, jar } = browser()
      const { result } = await login(api, newEmail(), newDeviceId())
      jar.cookies.delete('foyer_session')
      expect((await api.getSession()).user).toEqual(result.user)
      expect(jar.cookies.has('foyer_session')).toBe(true)
    })

    it('revokes the session on sign-out, also for copies of its cookies', async () => {
      const { api, jar } = browser()
      await login(api, newEmail(), newDeviceId())
      const copy = [...jar.cookies].map(([n, value]) => `${n}=${value}`).join('; ')
      expect(await api.signOut({})).toEqual({ ok: true })
      expect((await api.getSession()).user).toBeNull()
      const replay = await fetch(`${frameUrl}/v1/embedded/session?projectId=${projectId}`, {
        headers: { cookie: copy },
      })
      expect(((await replay.json()) as { user: unknown }).user).toBeNull()
    })

    it('verifies an unknown device by email link, then logs in to the same wallet', async () => {
      const email = newEmail()
      const first = browser()
      const firstStore = createMemoryDeviceShareStore()
      const { result } = await login(first.api, email, await firstStore.getDeviceId())
      const created = await ensureWallet({
        authApi: first.api,
        deviceShareStore: firstStore,
        recoveryPublicKey: embedded.recoveryPublicKey!,
        userId: result.user.userId,
      })
      await fixture.database.db
        .updateTable('embedded_email_throttle')
        .set({ last_sent_at: sql<Date>`now() - interval '1 minute'` })
        .where('email', '=', email)
        .execute()

      const second = browser()
      const secondStore = createMemoryDeviceShareStore()
      const deviceId = await secondStore.getDeviceId()
      expect(await second.api.startEmailLogin({ email, deviceId, projectId })).toEqual({
        action: 'VERIFY_DEVICE',
      })
      const link = linkOf(await latestMail(server, email))
      expect(await second.api.checkDeviceApproval({ email, deviceId })).toEqual({ approved: false })
      // A code mailed for the known device does not let the unknown one in, and stays usable.
      await fixture.database.db
        .updateTable('embedded_email_throttle')
        .set({ last_sent_at: sql<Date>`now() - interval '1 minute'` })
        .where('email', '=', email)
        .execute()
      const firstDeviceId = await firstStore.getDeviceId()
      await first.api.startEmailLogin({ email, deviceId: firstDeviceId, projectId })
      const firstCode = codeOf(await latestMail(server, email))
      const refused = await failure(second.api.verifyEmailOtp({ email, otp: firstCode, deviceId }))
      expect(refused.details).toBe('device_not_verified')
      await first.api.verifyEmailOtp({ email, otp: firstCode, deviceId: firstDeviceId })
      expect(new URL(link).origin).toBe(frameUrl)
      const page = await fetch(link)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Device approved')
      expect(await second.api.checkDeviceApproval({ email, deviceId })).toEqual({ approved: true })
      const code = codeOf(await latestMail(server, email))
      const { user } = await second.api.verifyEmailOtp({ email, otp: code, deviceId })
      expect(user.userId).toBe(result.user.userId)

      const rebuilt = await ensureWallet({
        authApi: second.api,
        deviceShareStore: secondStore,
        recoveryPublicKey: embedded.recoveryPublicKey!,
        userId: user.userId,
      })
      expect(rebuilt).toEqual({ addresses: created.addresses, created: false })
      // The first device's session may not pull the recovery share: its device was not link-approved.
      const { wallet } = await first.api.getAuthShares()
      expect(
        (
          await failure(
            first.api.releaseRecoveryShare({
              shareSetId: wallet!.shareSets[0]!.shareSetId,
              framePublicKey: embedded.recoveryPublicKey!,
            }),
          )
        ).status,
      ).toBe(403)
    })

    it('signs a message with the device share and the released auth share (frame client end to end)', async () => {
      const { api } = browser()
      const store = createMemoryDeviceShareStore()
      const { result } = await login(api, newEmail(), await store.getDeviceId())
      const { addresses, created } = await ensureWallet({
        authApi: api,
        deviceShareStore: store,
        recoveryPublicKey: embedded.recoveryPublicKey!,
        userId: result.user.userId,
      })
      expect(created).toBe(true)
      const { shares } = await loadSignerShares({
        authApi: api,
        deviceShareStore: store,
        userId: result.user.userId,
      })
      const message = 'Hello from the Foyer frame'
      const signature = await withSigner(
        shares,
        (accounts) => accounts.eip155.signMessage({ message }),
        {
          expectedAddresses: addresses,
        },
      )
      expect(await verifyMessage({ address: addresses.eip155, message, signature })).toBe(true)
    })

    it('changes the email with a code to the current and then to the new address', async () => {
      const { api } = browser()
      const email = newEmail()
      const next = newEmail()
      const { result } = await login(api, email, newDeviceId())
      await fixture.database.db
        .updateTable('embedded_email_throttle')
        .set({ last_sent_at: sql<Date>`now() - interval '1 minute'` })
        .where('email', '=', email)
        .execute()
      expect(await api.startEmailUpdate({ newEmail: next })).toEqual({
        action: 'VERIFY_PRIMARY_OTP',
      })
      const primary = codeOf(await latestMail(server, email))
      expect(await api.verifyEmailUpdatePrimary({ otp: primary })).toEqual({
        action: 'VERIFY_SECONDARY_OTP',
      })
      expect(
        await api.verifyEmailUpdateSecondary({ otp: codeOf(await latestMail(server, next)) }),
      ).toEqual({
        email: next,
      })
      expect((await api.getSession()).user).toEqual({ userId: result.user.userId, email: next })
      const row = await fixture.database.db
        .selectFrom('embedded_users')
        .selectAll()
        .where('id', '=', result.user.userId)
        .executeTakeFirstOrThrow()
      expect(row.email).toBe(next)
      expect(row.last_login_at).toBeNull()
    })

    it('serves the frame page with a strict CSP and its bundled script', async () => {
      const page = await fetch(`${frameUrl}/?projectId=${projectId}`)
      expect(page.status).toBe(200)
      const csp = page.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'none'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain('frame-ancestors http://127.0.0.1:* http://localhost:*')
      const html = await page.text()
      expect(html).toContain('<script type="module" src="/frame.js">')
      const config = JSON.parse(
        /<script type="application\/json" id="foyer-frame-config">(.*?)<\/script>/s.exec(html)![1]!,
      ) as { projectId: string; recoveryPublicKey: string }
      expect(config).toMatchObject({ projectId, recoveryPublicKey: embedded.recoveryPublicKey })
      expect((await fetch(`${frameUrl}/?projectId=nope`)).status).toBe(403)
      const script = await fetch(`${frameUrl}/frame.js`)
      expect(script.status).toBe(200)
      expect(script.headers.get('content-type')).toContain('javascript')
      expect((await script.text()).length).toBeGreaterThan(1000)
    }, 60_000)

    it('never writes a code or an approval token to the log', async () => {
      const before = logLines.join('').length
      const email = newEmail()
      const first = browser()
      const { code } = await login(first.api, email, newDeviceId())
      await fixture.database.db
        .updateTable('embedded_email_throttle')
        .set({ last_sent_at: sql<Date>`now() - interval '1 minute'` })
        .where('email', '=', email)
        .execute()
      const second = browser()
      await second.api.startEmailLogin({ email, deviceId: newDeviceId(), projectId })
      const link = linkOf(await latestMail(server, email))
      expect((await fetch(link)).status).toBe(200)
      const token = new URL(link).searchParams.get('token')!
      const log = logLines.join('').slice(before)
      // The requests were logged, without their secrets.
      expect(log).toContain('/v1/embedded/email/device/approve')
      expect(log).not.toMatch(standalone(code))
      expect(log).not.toContain(token)
    })
  })
}
