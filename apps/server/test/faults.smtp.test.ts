// SMTP down: the mail server stops between two visitors' code requests. The visitor gets a clear
// error at once, nothing is left behind for the address (no undelivered code, no cooldown), and
// once the mail server is back on its port the same visitor logs in.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createEmbeddedWallet, type EmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../src/http/createServer.ts'
import { type SmtpCapture, startSmtpCapture } from '../src/mail/startSmtpCapture.ts'

describe('SMTP down', () => {
  let database: FoyerDatabase
  let server: FastifyInstance
  let embedded: EmbeddedWallet
  let smtp: SmtpCapture | undefined
  let smtpPort: number
  let tempDir: string

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-faults-smtp-'))
    smtp = await startSmtpCapture()
    smtpPort = Number(new URL(smtp.url).port)
    database = await createDatabase({ dataDir: 'memory://' })
    server = await createServer({
      database,
      dev: true,
      logger: false,
      indexer: { enabled: false },
    })
    server.addHook('onClose', () => database.destroy())
    embedded = (await createEmbeddedWallet({
      server,
      dev: false,
      dataDir: tempDir,
      host: '127.0.0.1',
      framePort: 0,
      framePublicUrl: 'http://127.0.0.1:4401',
      smtpUrl: smtp.url,
      sessionSecret: randomBytes(32).toString('hex'),
      shareKey: randomBytes(32).toString('hex'),
      rateLimit: false,
      logger: false,
    }))!
    await server.ready()
  }, 180_000)

  afterAll(async () => {
    await server?.close()
    await smtp?.close()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  const post = (path: string, payload: object) =>
    embedded.frame.inject({ method: 'POST', url: `${path}?projectId=foyer-dev`, payload })
  const storedFor = async (email: string) => ({
    codes: (
      await database.db
        .selectFrom('embedded_otps')
        .select('id')
        .where('email', '=', email)
        .execute()
    ).length,
    cooldowns: (
      await database.db
        .selectFrom('embedded_email_throttle')
        .select('email')
        .where('email', '=', email)
        .execute()
    ).length,
    users: (
      await database.db
        .selectFrom('embedded_users')
        .select('id')
        .where('email', '=', email)
        .execute()
    ).length,
  })

  it('answers a clear 503 while the mail server is down, keeps no code, and logs in once it is back', async () => {
    const email = 'smtp-down@example.com'
    const deviceId = 'device-smtp-down-1'
    await smtp!.close()
    smtp = undefined

    const refused = await post('/v1/embedded/email/start', {
      email,
      deviceId,
      projectId: 'foyer-dev',
    })
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toEqual({
      error: 'email_unavailable',
      message: 'The email could not be sent. Please try again',
    })
    expect(refused.body).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/)
    expect(await storedFor(email)).toEqual({ codes: 0, cooldowns: 0, users: 0 })

    // The mail server returns on the same port; the visitor retries at once (no 30 s cooldown).
    smtp = await startSmtpCapture({ port: smtpPort })
    const retried = await post('/v1/embedded/email/start', {
      email,
      deviceId,
      projectId: 'foyer-dev',
    })
    expect(retried.statusCode).toBe(200)
    expect(retried.json()).toEqual({ action: 'VERIFY_OTP' })
    const mails = smtp.list(email)
    expect(mails).toHaveLength(1)
    const code = /\b(\d{6})\b/.exec(mails[0]!.text)![1]!
    expect(await storedFor(email)).toEqual({ codes: 1, cooldowns: 1, users: 0 })

    const verified = await post('/v1/embedded/email/verify', { email, otp: code, deviceId })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toMatchObject({ user: { email } })
    expect(await storedFor(email)).toMatchObject({ users: 1 })
  })
})
