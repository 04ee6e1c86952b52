import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createEmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../src/http/createServer.ts'
import { type SmtpCapture, startSmtpCapture } from '../src/mail/startSmtpCapture.ts'

describe('embedded wallet outside development', () => {
  let server: FastifyInstance | undefined
  let tempDir: string | undefined
  let smtp: SmtpCapture | undefined
  afterEach(async () => {
    await server?.close()
    await smtp?.close()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  it('has no /dev mailbox routes and generates no secrets', async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-embedded-prod-'))
    const database = await createDatabase({ dataDir: 'memory://' })
    server = await createServer({ database, logger: false, indexer: { enabled: false } })
    server.addHook('onClose', () => database.destroy())
    expect(
      await createEmbeddedWallet({ server, dev: false, dataDir: tempDir, host: '127.0.0.1' }),
    ).toBeUndefined()
    const embedded = await createEmbeddedWallet({
      server,
      dev: false,
      dataDir: tempDir,
      host: '127.0.0.1',
      framePort: 0,
      sessionSecret: randomBytes(32).toString('hex'),
      shareKey: randomBytes(32).toString('hex'),
      logger: false,
    })
    expect(embedded?.mailbox).toBeUndefined()
    await server.ready()
    expect((await server.inject({ url: '/dev/mailbox' })).statusCode).toBe(404)
    expect((await server.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404)
    const start = await embedded!.frame.inject({
      method: 'POST',
      url: '/v1/embedded/email/start?projectId=none',
      payload: { email: 'a@example.com', deviceId: 'device-12345', projectId: 'none' },
    })
    expect(start.statusCode).toBe(403)
    expect(start.json()).toEqual({ error: 'invalid_project', message: 'Unauthorized: invalid key' })
  })
  it('mails through the configured SMTP server, sets Secure cookies on https and limits per email', async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-embedded-prod-'))
    smtp = await startSmtpCapture()
    const database = await createDatabase({ dataDir: 'memory://' })
    server = await createServer({ database, dev: true, logger: false, indexer: { enabled: false } })
    server.addHook('onClose', () => database.destroy())
    const embedded = await createEmbeddedWallet({
      server,
      dev: false,
      dataDir: tempDir,
      host: '127.0.0.1',
      framePort: 0,
      framePublicUrl: 'https://frame.example.com',
      smtpUrl: smtp.url,
      sessionSecret: randomBytes(32).toString('base64'),
      shareKey: randomBytes(32).toString('hex'),
      rateLimit: { perIpPerMinute: 100, perEmailPerMinute: 3 },
      logger: false,
    })
    await server.ready()
    const frame = embedded!.frame
    const email = 'prod@example.com'
    const deviceId = 'device-123456789'
    const start = await frame.inject({
      method: 'POST',
      url: '/v1/embedded/email/start?projectId=foyer-dev',
      payload: { email, deviceId, projectId: 'foyer-dev' },
    })
    expect(start.json()).toEqual({ action: 'VERIFY_OTP' })
    const code = /\b(\d{6})\b/.exec(smtp.list(email)[0]!.text)![1]!

    const foreign = await frame.inject({
      method: 'POST',
      url: '/v1/embedded/email/verify?projectId=foyer-dev',
      headers: { origin: 'https://evil.example' },
      payload: { email, otp: code, deviceId },
    })
    expect(foreign.statusCode).toBe(403)

    const verify = await frame.inject({
      method: 'POST',
      url: '/v1/embedded/email/verify?projectId=foyer-dev',
      headers: { origin: 'https://frame.example.com' },
      payload: { email, otp: code, deviceId },
    })
    expect(verify.statusCode).toBe(200)
    const cookies = ([] as string[]).concat(verify.headers['set-cookie'] ?? [])
    expect(cookies.every((c) => /HttpOnly; SameSite=Strict; Secure$/.test(c))).toBe(true)

    // `start` and `verify` used 2 of the email's 3 per minute; a replayed code uses the last one.
    const check = () =>
      frame.inject({
        method: 'POST',
        url: '/v1/embedded/email/verify?projectId=foyer-dev',
        payload: { email, otp: code, deviceId },
      })
    expect((await check()).json()).toMatchObject({ error: 'invalid_otp' })
    const limited = await check()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ error: 'rate_limited' })
  })
})
