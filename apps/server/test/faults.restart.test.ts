// The server process killed (SIGKILL, no shutdown) and restarted over the same data: between
// "code sent" and "code verified", and between "wallet stored" and the next visit. The login
// completes with the code mailed before the crash, and the account, device and wallet exist once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AuthApiError } from '@foyer/frame'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createVisitor, mailedCode } from './support/emailLogin.ts'
import { createRecoveryKey, createShareSet } from './support/embeddedCustody.ts'
import { freePort } from './support/freePort.ts'
import {
  type StartServerProcessReturnType,
  startServerProcess,
} from './support/startServerProcess.ts'

describe('server killed and restarted mid-login (PGlite on disk)', () => {
  let tempDir: string
  let env: Record<string, string>
  let server: StartServerProcessReturnType | undefined

  const start = async () => {
    server = await startServerProcess({
      env,
      args: ['--dev'],
      waitForFrame: true,
      startTimeoutMs: 180_000,
    })
    return server
  }
  /** SIGKILL: no shutdown hook runs, as in a crash or an OOM kill. */
  const crash = async () => {
    const running = server!
    server = undefined
    await running.crash()
  }

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-faults-restart-'))
    // A fixed frame port: the visitor's browser keeps talking to the same origin.
    env = {
      FOYER_DATA_DIR: tempDir,
      FOYER_FRAME_PORT: String(await freePort()),
      FOYER_RATE_LIMIT_IP: '0',
      FOYER_REGISTRY_FILE: '',
    }
  })

  afterAll(async () => {
    await server?.stop()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  it('completes the login with the code mailed before the crash and stores everything once', async () => {
    const email = 'crash@example.com'
    const deviceId = 'device-crash-0001'
    const first = await start()
    const { api } = createVisitor(first.frameUrl!)
    expect(await api.startEmailLogin({ email, deviceId, projectId: 'foyer-dev' })).toEqual({
      action: 'VERIFY_OTP',
    })
    const code = await mailedCode(first.url, email)
    await crash()

    const second = await start()
    expect(second.frameUrl).toBe(first.frameUrl)
    expect(await api.verifyEmailOtp({ email, otp: code, deviceId })).toMatchObject({
      user: { email },
    })
    const set = await createShareSet({ deviceId, recoveryKey: createRecoveryKey() })
    expect(await api.putAuthShares(set.body)).toEqual({ ok: true })
    await crash()

    // After the second crash the session cookie still works and the wallet is the same one.
    await start()
    const { wallet } = await api.getAuthShares()
    expect(wallet?.addresses).toEqual(set.addresses)
    expect(wallet?.shareSets.map((shareSet) => shareSet.authShare)).toEqual([set.body.authShare])
    // The code was used once, before the crash that followed: it does not work again.
    const replay = await api.verifyEmailOtp({ email, otp: code, deviceId }).catch((e) => e)
    expect(replay).toBeInstanceOf(AuthApiError)
    expect((replay as AuthApiError).details).toBe('invalid_otp')
    await server!.stop()
    server = undefined

    const database = await createDatabase({ dataDir: tempDir })
    try {
      const users = await database.db
        .selectFrom('embedded_users')
        .select('id')
        .where('email', '=', email)
        .execute()
      expect(users).toHaveLength(1)
      const devices = await database.db
        .selectFrom('embedded_devices')
        .select('device_id')
        .where('user_id', '=', users[0]!.id)
        .execute()
      expect(devices).toEqual([{ device_id: deviceId }])
      const shareSets = await database.db
        .selectFrom('embedded_share_sets')
        .select('share_set_id')
        .where('user_id', '=', users[0]!.id)
        .execute()
      expect(shareSets).toEqual([{ share_set_id: set.body.shareSetId }])
      const codes = await database.db
        .selectFrom('embedded_otps')
        .select('consumed_at')
        .where('email', '=', email)
        .execute()
      expect(codes).toHaveLength(1)
      expect(codes[0]!.consumed_at).toBeInstanceOf(Date)
    } finally {
      await database.destroy()
    }
  }, 600_000)
})
