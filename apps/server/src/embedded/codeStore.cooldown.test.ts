import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { type CodeTarget, createCodeStore } from './codeStore.ts'
import type { EmbeddedApiError } from './errors.ts'

// The cooldown between two code mails to one address, as the operator sets it
// (`FOYER_EMAIL_COOLDOWN_SECONDS`); the SPEC's default of 30 s is in codeVerification.test.ts.

const key = new Uint8Array(32).fill(7)

let database: FoyerDatabase
beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' })
}, 180_000)
afterAll(async () => {
  await database?.destroy()
})

let counter = 0
const newTarget = (): CodeTarget => ({ projectId: 'p', email: `cooldown${++counter}@example.com` })
const answer = (promise: Promise<unknown>) =>
  promise.then(
    () => 'mailed',
    (error: EmbeddedApiError) => ({
      status: error.statusCode,
      code: error.code,
      seconds: error.retryAfterSeconds,
      message: error.shortMessage,
    }),
  )
const refused = (seconds: number) => ({
  status: 429,
  code: 'rate_limited',
  seconds,
  message: `Please try again after ${seconds} seconds`,
})
const store = (emailCooldownSeconds?: number) =>
  createCodeStore({ db: database.db, key, budget: false, emailCooldownSeconds })

/** The address was last mailed `seconds` ago (by the database's clock, which the cooldown reads). */
const lastMailed = (target: CodeTarget, seconds: number) =>
  database.db
    .updateTable('embedded_email_throttle')
    .set({ last_sent_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
    .where('project_id', '=', target.projectId)
    .where('email', '=', target.email)
    .execute()

describe("code store: the operator's cooldown between code mails", () => {
  it('refuses a second mail within a 5 s cooldown, with the seconds left', async () => {
    const codes = store(5)
    const target = newTarget()
    expect(await answer(codes.claimEmailSlot(target))).toBe('mailed')
    const second = await answer(codes.claimEmailSlot(target))
    // Rounded up from the time left: 5 right after the first mail (4 on a slow machine).
    expect([refused(5), refused(4)]).toContainEqual(second)
  })

  it('mails again once a 5 s cooldown has passed, where the default 30 s still refuses', async () => {
    const short = store(5)
    const target = newTarget()
    await short.claimEmailSlot(target)
    await lastMailed(target, 6)
    expect([refused(24), refused(23)]).toContainEqual(await answer(store().claimEmailSlot(target)))
    expect(await answer(short.claimEmailSlot(target))).toBe('mailed')
    // That mail starts the cooldown again.
    expect([refused(5), refused(4)]).toContainEqual(await answer(short.claimEmailSlot(target)))
  })

  it('holds a 120 s cooldown for its whole length, where the default 30 s has passed', async () => {
    const long = store(120)
    const target = newTarget()
    await long.claimEmailSlot(target)
    await lastMailed(target, 60)
    expect([refused(60), refused(59)]).toContainEqual(await answer(long.claimEmailSlot(target)))
    expect(await answer(store().claimEmailSlot(target))).toBe('mailed')
  })
})
