import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import type { Database } from '../db/schema.ts'
import {
  deleteExpiredEmbeddedRows,
  type EmbeddedCleanupOptions,
  startEmbeddedCleanup,
} from './cleanup.ts'

const day = 24 * 60 * 60_000
const now = Date.parse('2030-06-01T12:00:00Z')
const at = (offsetMs: number) => new Date(now + offsetMs)
const options: EmbeddedCleanupOptions = {
  graceMs: 7 * day,
  sessionLifetimeMs: 90 * day,
  failureWindowMs: day,
  loginStartWindowMs: 10 * 60_000,
  deviceBlockMs: 90 * day,
}

let database: FoyerDatabase
beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' })
})
afterAll(async () => {
  await database?.destroy()
})

/** Old rows (past use for longer than the grace) named `old-…`, rows still of use `keep-…`. */
async function insertRows() {
  const db = database.db
  const otp = (id: string, expires: number, consumed: number | null) => ({
    id,
    project_id: 'p',
    purpose: 'login',
    email: 'a@example.com',
    code_hash: 'x',
    expires_at: at(expires),
    consumed_at: consumed === null ? null : at(consumed),
    created_at: at(expires - 10 * 60_000),
  })
  await db
    .insertInto('embedded_otps')
    .values([
      otp('old-expired', -8 * day, null),
      otp('old-consumed', 60_000, -8 * day),
      otp('keep-expired-lately', -day, null),
      otp('keep-live', 60_000, null),
    ])
    .execute()
  const approval = (id: string, expires: number) => ({
    token_hash: id,
    id,
    project_id: 'p',
    email: 'a@example.com',
    device_id: 'device-1',
    login_secret_hash: 'x',
    browser: 'Chrome 126',
    os: 'Linux',
    place: null,
    created_at: at(expires - 30 * 60_000),
    expires_at: at(expires),
    approved_at: null,
    denied_at: null,
    consumed_at: null,
  })
  await db
    .insertInto('embedded_device_approvals')
    .values([approval('old-approval', -8 * day), approval('keep-approval', -day)])
    .execute()
  const session = (id: string, created: number, revoked: number | null) => ({
    id,
    project_id: 'p',
    user_id: 'u',
    device_id: 'device-1',
    device_approved: false,
    created_at: at(created),
    revoked_at: revoked === null ? null : at(revoked),
  })
  await db
    .insertInto('embedded_sessions')
    .values([
      session('old-revoked', -20 * day, -8 * day),
      session('old-past-lifetime', -98 * day, null),
      session('keep-revoked-lately', -20 * day, -day),
      session('keep-live', -89 * day, null),
    ])
    .execute()
  const token = (hash: string, sessionId: string, expires: number) => ({
    token_hash: hash,
    session_id: sessionId,
    expires_at: at(expires),
    rotated_at: null,
  })
  await db
    .insertInto('embedded_refresh_tokens')
    .values([
      token('old-token-of-revoked', 'old-revoked', 10 * day),
      token('old-token-expired', 'keep-live', -8 * day),
      token('keep-token', 'keep-live', 10 * day),
    ])
    .execute()
  await db
    .insertInto('embedded_email_updates')
    .values([
      { session_id: 'old-revoked', new_email: 'b@example.com', stage: 'primary' },
      { session_id: 'keep-live', new_email: 'c@example.com', stage: 'primary' },
    ])
    .execute()
  const flow = (hash: string, expires: number) => ({
    state_hash: hash,
    project_id: 'p',
    provider: 'google',
    device_id: 'device-1',
    app_origin: 'http://127.0.0.1:5173',
    secrets: JSON.stringify({}),
    expires_at: at(expires),
    consumed_at: null,
  })
  await db
    .insertInto('embedded_login_flows')
    .values([flow('old-flow', -8 * day), flow('keep-flow', 60_000)])
    .execute()
  const challenge = (value: string, expires: number) => ({
    challenge: value,
    project_id: 'p',
    purpose: 'login',
    user_id: null,
    rp_id: 'localhost',
    expires_at: at(expires),
  })
  await db
    .insertInto('embedded_passkey_challenges')
    .values([challenge('old-challenge', -8 * day), challenge('keep-challenge', 60_000)])
    .execute()
  const request = (id: string, expires: number) => ({
    request_id: id,
    user_id: 'u',
    device_id: id,
    public_key: '0x00',
    sealed_key: null,
    created_at: at(expires - 10 * 60_000),
    expires_at: at(expires),
    approved_at: null,
    consumed_at: null,
  })
  await db
    .insertInto('embedded_device_requests')
    .values([request('old-request', -8 * day), request('keep-request', 60_000)])
    .execute()
  await db
    .insertInto('embedded_email_throttle')
    .values([
      { project_id: 'p', email: 'old@example.com', last_sent_at: at(-8 * day) },
      { project_id: 'p', email: 'keep@example.com', last_sent_at: at(-60_000) },
    ])
    .execute()
  await db
    .insertInto('embedded_login_failures')
    .values([
      { id: 'old-failure', project_id: 'p', email: 'a', units: 1, failed_at: at(-day - 1) },
      { id: 'keep-failure', project_id: 'p', email: 'a', units: 1, failed_at: at(-60_000) },
    ])
    .execute()
  await db
    .insertInto('embedded_login_locks')
    .values([
      { project_id: 'p', email: 'old', locked_at: at(-9 * day), locked_until: at(-8 * day) },
      { project_id: 'p', email: 'keep', locked_at: at(-60_000), locked_until: at(day) },
    ])
    .execute()
  await db
    .insertInto('embedded_login_starts')
    .values([
      { ip_hash: 'old-start', started_at: at(-11 * 60_000) },
      { ip_hash: 'keep-start', started_at: at(-60_000) },
    ])
    .execute()
  await db
    .insertInto('embedded_spent_proofs')
    .values([
      { challenge_hash: 'old-proof', expires_at: at(-1) },
      { challenge_hash: 'keep-proof', expires_at: at(60_000) },
    ])
    .execute()
  await db
    .insertInto('embedded_device_blocks')
    .values([
      { project_id: 'p', email: 'a', device_id: 'old-block', blocked_at: at(-91 * day) },
      { project_id: 'p', email: 'a', device_id: 'keep-block', blocked_at: at(-day) },
    ])
    .execute()
  // Never touched: accounts, devices, wallets (whatever their age).
  await db
    .insertInto('embedded_users')
    .values({
      id: 'u',
      project_id: 'p',
      email: 'a@example.com',
      last_login_at: null,
      created_at: at(-900 * day),
    })
    .execute()
  await db
    .insertInto('embedded_devices')
    .values({ user_id: 'u', device_id: 'device-1', created_at: at(-900 * day) })
    .execute()
}

/** Every key left per table, sorted. */
async function remaining() {
  const db = database.db
  const keys = async (table: keyof Database, column: string) =>
    (
      await sql<{ key: string }>`select ${sql.ref(column)} as key from ${sql.table(table)}`.execute(
        db,
      )
    ).rows
      .map((row) => row.key)
      .sort()
  return {
    otps: await keys('embedded_otps', 'id'),
    approvals: await keys('embedded_device_approvals', 'id'),
    sessions: await keys('embedded_sessions', 'id'),
    refreshTokens: await keys('embedded_refresh_tokens', 'token_hash'),
    emailUpdates: await keys('embedded_email_updates', 'new_email'),
    loginFlows: await keys('embedded_login_flows', 'state_hash'),
    passkeyChallenges: await keys('embedded_passkey_challenges', 'challenge'),
    deviceRequests: await keys('embedded_device_requests', 'request_id'),
    throttle: await keys('embedded_email_throttle', 'email'),
    failures: await keys('embedded_login_failures', 'id'),
    locks: await keys('embedded_login_locks', 'email'),
    starts: await keys('embedded_login_starts', 'ip_hash'),
    proofs: await keys('embedded_spent_proofs', 'challenge_hash'),
    blocks: await keys('embedded_device_blocks', 'device_id'),
    users: await keys('embedded_users', 'id'),
    devices: await keys('embedded_devices', 'device_id'),
  }
}

describe('embedded clean-up job', () => {
  it('deletes codes, approvals, sessions, tokens, flows, challenges and requests past use and the grace period, and nothing else', async () => {
    await insertRows()
    const result = await deleteExpiredEmbeddedRows({ db: database.db, options, now, batchSize: 1 })
    expect(await remaining()).toEqual({
      otps: ['keep-expired-lately', 'keep-live'],
      approvals: ['keep-approval'],
      sessions: ['keep-live', 'keep-revoked-lately'],
      refreshTokens: ['keep-token'],
      emailUpdates: ['c@example.com'],
      loginFlows: ['keep-flow'],
      passkeyChallenges: ['keep-challenge'],
      deviceRequests: ['keep-request'],
      throttle: ['keep@example.com'],
      failures: ['keep-failure'],
      locks: ['keep'],
      starts: ['keep-start'],
      proofs: ['keep-proof'],
      blocks: ['keep-block'],
      users: ['u'],
      devices: ['device-1'],
    })
    expect(result).toMatchObject({
      embedded_otps: 2,
      embedded_sessions: 2,
      embedded_refresh_tokens: 2,
      embedded_login_flows: 1,
      embedded_passkey_challenges: 1,
      embedded_device_requests: 1,
    })
    // A second pass finds nothing more.
    const again = await deleteExpiredEmbeddedRows({ db: database.db, options, now })
    expect(Object.values(again).every((count) => count === 0)).toBe(true)
  })

  it('runs as a job: once at start, then on its interval, until stopped', async () => {
    let clock = now
    const passes: number[] = []
    const job = startEmbeddedCleanup({
      db: database.db,
      options,
      intervalMs: 20,
      now: () => clock,
      onDeleted: (result) => passes.push(result.embedded_otps ?? 0),
    })
    await database.db
      .insertInto('embedded_otps')
      .values({
        id: 'job-old',
        project_id: 'p',
        purpose: 'login',
        email: 'job@example.com',
        code_hash: 'x',
        expires_at: at(-8 * day),
        consumed_at: null,
      })
      .execute()
    clock = now + 1
    await expect.poll(() => passes.includes(1), { timeout: 5_000 }).toBe(true)
    await job.stop()
    const count = passes.length
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(passes).toHaveLength(count)
  })
})
