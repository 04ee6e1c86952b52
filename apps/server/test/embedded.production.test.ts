import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSealingKeyPair } from '@foyer/frame'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readEmbeddedWalletOptions } from '../src/config.ts'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createEmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { EmbeddedConfigError } from '../src/embedded/embeddedSecrets.ts'
import { createLocalRecoveryKeyHolder } from '../src/embedded/recoveryKeyHolder.ts'
import { ConfigError } from '../src/errors.ts'
import { createServer } from '../src/http/createServer.ts'
import { type SmtpCapture, startSmtpCapture } from '../src/mail/startSmtpCapture.ts'
import { startServerProcess } from './support/startServerProcess.ts'

describe('embedded wallet outside development', () => {
  let server: FastifyInstance | undefined
  let tempDir: string | undefined
  let smtp: SmtpCapture | undefined
  afterEach(async () => {
    await server?.close()
    await smtp?.close()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
    server = undefined
    smtp = undefined
    tempDir = undefined
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

  const newServer = async () => {
    tempDir ??= mkdtempSync(join(tmpdir(), 'foyer-embedded-prod-'))
    await server?.close()
    const database = await createDatabase({ dataDir: 'memory://' })
    const created = await createServer({
      database,
      logger: false,
      indexer: { enabled: false },
    })
    created.addHook('onClose', () => database.destroy())
    server = created
    return created
  }
  const secretsFile = () =>
    JSON.parse(readFileSync(join(tempDir!, 'embedded-secrets.json'), 'utf8')) as Record<
      string,
      string
    >

  it('reads FOYER_OPERATOR_RECOVERY as an explicit switch, off by default', () => {
    expect(readEmbeddedWalletOptions({}).operatorRecovery).toBe(false)
    expect(readEmbeddedWalletOptions({ FOYER_OPERATOR_RECOVERY: 'true' }).operatorRecovery).toBe(
      true,
    )
    expect(readEmbeddedWalletOptions({ FOYER_OPERATOR_RECOVERY: 'false' }).operatorRecovery).toBe(
      false,
    )
    expect(() => readEmbeddedWalletOptions({ FOYER_OPERATOR_RECOVERY: 'yes' })).toThrow(ConfigError)
  })

  it('--dev makes no recovery key unless operator recovery is on, and ignores one it finds', async () => {
    const app = await newServer()
    const warn = vi.spyOn(app.log, 'warn')
    const embedded = await createEmbeddedWallet({
      server: app,
      dev: true,
      dataDir: tempDir!,
      host: '127.0.0.1',
      framePort: 0,
      logger: false,
    })
    expect(embedded).toMatchObject({ operatorRecovery: false, recoveryPublicKey: undefined })
    expect(Object.keys(secretsFile()).sort()).toEqual(['sessionSecret', 'shareKey'])
    expect(warn.mock.calls.flat().join('\n')).not.toContain('operator recovery ON')

    // An older file with a recovery key: kept, unused.
    const old = createSealingKeyPair()
    const withOldKey = { ...secretsFile(), recoverySecretKey: old.secretKey }
    writeFileSync(join(tempDir!, 'embedded-secrets.json'), JSON.stringify(withOldKey))
    const next = await newServer()
    const again = await createEmbeddedWallet({
      server: next,
      dev: true,
      dataDir: tempDir!,
      host: '127.0.0.1',
      framePort: 0,
      frameHost: '127.0.0.1',
      logger: false,
    })
    expect(again?.recoveryPublicKey).toBeUndefined()
    expect(secretsFile()).toEqual(withOldKey)
  })

  it('--dev with operator recovery on makes a recovery key once and warns at start', async () => {
    const app = await newServer()
    const warn = vi.spyOn(app.log, 'warn')
    const embedded = await createEmbeddedWallet({
      server: app,
      dev: true,
      dataDir: tempDir!,
      host: '127.0.0.1',
      framePort: 0,
      operatorRecovery: true,
      logger: false,
    })
    const { recoverySecretKey } = secretsFile()
    expect(recoverySecretKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(embedded?.operatorRecovery).toBe(true)
    expect(embedded?.recoveryPublicKey).toBe(
      createLocalRecoveryKeyHolder(recoverySecretKey as `0x${string}`).publicKey,
    )
    expect(warn).toHaveBeenCalledWith(
      "operator recovery ON: this server's operator can recover every embedded wallet",
    )
    // The next start uses the same key.
    const restarted = await createEmbeddedWallet({
      server: await newServer(),
      dev: true,
      dataDir: tempDir!,
      host: '127.0.0.1',
      framePort: 0,
      operatorRecovery: true,
      logger: false,
    })
    expect(restarted?.recoveryPublicKey).toBe(embedded?.recoveryPublicKey)
    // Two servers with their frame listeners (each bundles the frame): slow on a busy machine.
  }, 90_000)

  it('refuses to start operator recovery without a recovery key holder', async () => {
    const app = await newServer()
    const secrets = {
      sessionSecret: randomBytes(32).toString('hex'),
      shareKey: randomBytes(32).toString('hex'),
    }
    const base = { server: app, dev: false, dataDir: tempDir!, host: '127.0.0.1', framePort: 0 }
    await expect(
      createEmbeddedWallet({ ...base, ...secrets, operatorRecovery: true, logger: false }),
    ).rejects.toThrow(EmbeddedConfigError)
    // A public key alone: nobody could re-seal.
    await expect(
      createEmbeddedWallet({
        ...base,
        ...secrets,
        operatorRecovery: true,
        recoveryPublicKey: createSealingKeyPair().publicKey,
        logger: false,
      }),
    ).rejects.toThrow(/FOYER_OPERATOR_RECOVERY=true needs the recovery key/)
    // An external holder whose key is not the configured public key.
    const holder = createLocalRecoveryKeyHolder(createSealingKeyPair().secretKey)
    await expect(
      createEmbeddedWallet({
        ...base,
        ...secrets,
        operatorRecovery: true,
        recoveryKeyHolder: holder,
        recoveryPublicKey: createSealingKeyPair().publicKey,
        logger: false,
      }),
    ).rejects.toThrow(/FOYER_RECOVERY_PUBLIC_KEY/)
    const external = await createEmbeddedWallet({
      ...base,
      ...secrets,
      operatorRecovery: true,
      recoveryKeyHolder: holder,
      recoveryPublicKey: holder.publicKey,
      logger: false,
    })
    expect(external?.recoveryPublicKey).toBe(holder.publicKey)
  })

  it('serve exits with a clear error when FOYER_OPERATOR_RECOVERY=true has no recovery key', async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-embedded-prod-'))
    await expect(
      startServerProcess({
        env: {
          FOYER_DATA_DIR: tempDir,
          FOYER_FRAME_PORT: '0',
          FOYER_SESSION_SECRET: randomBytes(32).toString('hex'),
          FOYER_SHARE_KEY: randomBytes(32).toString('hex'),
          FOYER_OPERATOR_RECOVERY: 'true',
        },
        // Before it exits the process opens (and initialises) a database on disk: slow when busy.
        startTimeoutMs: 180_000,
      }),
    ).rejects.toThrow(/exited with 1[\s\S]*FOYER_OPERATOR_RECOVERY=true needs the recovery key/)
  }, 240_000)
})
