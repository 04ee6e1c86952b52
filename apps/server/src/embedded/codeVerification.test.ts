import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import {
  type CodeTarget,
  createCodeStore,
  defaultLoginFailureBudget,
  type LoginFailureBudget,
} from './codeStore.ts'
import type { EmbeddedApiError } from './errors.ts'
import { digestsMatch, hashOneTimeCode, hashToken } from './oneTimeCode.ts'

/**
 * One-time codes as the visitor meets them: the answer to each wrong guess, the 10-minute expiry,
 * two tabs submitting the same code at once, the cooldown between mails. (The guessing budget and
 * the live codes per address are in codeStore.test.ts.)
 */
const key = new Uint8Array(32).fill(5)
const minute = 60_000

let database: FoyerDatabase
beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' })
}, 60_000)
afterAll(async () => {
  await database?.destroy()
})

let counter = 0
const newTarget = (): CodeTarget => ({ projectId: 'p', email: `visitor${++counter}@example.com` })
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const answer = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: EmbeddedApiError) => ({
      status: error.statusCode,
      code: error.code,
      message: error.shortMessage,
    }),
  )
const invalidCode = { status: 400, code: 'invalid_otp', message: 'Invalid code' }
const tooManyAttempts = {
  status: 400,
  code: 'otp_attempts_exceeded',
  message: 'Too many attempts. Request a new code',
}

/** A store on its own clock, without the guessing budget (tested on its own). */
function store(start = Date.parse('2030-01-01T00:00:00Z')) {
  const clock = { now: start }
  const codes = createCodeStore({ db: database.db, key, budget: false, now: () => clock.now })
  return { codes, clock }
}

describe('one-time code verification', () => {
  it("answers 'Invalid code' to each of the first four wrong guesses, then 'Too many attempts'", async () => {
    const { codes } = store()
    const target = newTarget()
    const code = await codes.issue('login', target)
    const answers = []
    for (let guess = 0; guess < 5; guess++)
      answers.push(await answer(codes.consume('login', target, wrong(code))))
    expect(answers).toEqual([invalidCode, invalidCode, invalidCode, invalidCode, tooManyAttempts])
    // The code is dead, even for the right digits.
    expect(await answer(codes.consume('login', target, code))).toEqual(tooManyAttempts)
  })

  it('accepts the right code after a few wrong ones, once', async () => {
    const { codes } = store()
    const target = newTarget()
    const code = await codes.issue('login', target)
    for (let guess = 0; guess < 4; guess++)
      expect(await answer(codes.consume('login', target, wrong(code)))).toEqual(invalidCode)
    expect(await answer(codes.consume('login', target, code))).toBe('accepted')
    expect(await answer(codes.consume('login', target, code))).toEqual(invalidCode)
  })

  it("keeps a code for 10 minutes: accepted at 9:59, 'The code has expired' at 10:00", async () => {
    const { codes, clock } = store()
    const early = newTarget()
    const late = newTarget()
    const earlyCode = await codes.issue('login', early)
    const lateCode = await codes.issue('login', late)
    clock.now += 10 * minute - 1_000
    expect(await answer(codes.consume('login', early, earlyCode))).toBe('accepted')
    clock.now += 1_000
    const expired = {
      status: 400,
      code: 'otp_expired',
      message: 'The code has expired. Request a new one',
    }
    expect(await answer(codes.consume('login', late, lateCode))).toEqual(expired)
    // A wrong guess at an expired code says the same: nothing is left to guess.
    expect(await answer(codes.consume('login', late, wrong(lateCode)))).toEqual(expired)
  })

  it('logs in only one of two simultaneous submissions of the right code', async () => {
    const { codes } = store()
    const target = newTarget()
    const code = await codes.issue('login', target)
    const answers = await Promise.all([
      answer(codes.consume('login', target, code)),
      answer(codes.consume('login', target, code)),
      answer(codes.consume('login', target, code)),
    ])
    expect(answers.filter((a) => a === 'accepted')).toHaveLength(1)
    expect(answers.filter((a) => a !== 'accepted')).toEqual([invalidCode, invalidCode])
  })

  it('refuses a code nobody asked for, or asked for another purpose, address or project', async () => {
    const { codes } = store()
    const target = newTarget()
    expect(await answer(codes.consume('login', target, '123456'))).toEqual(invalidCode)
    const code = await codes.issue('login', target)
    expect(await answer(codes.consume('update_primary', target, code))).toEqual(invalidCode)
    expect(await answer(codes.consume('login', newTarget(), code))).toEqual(invalidCode)
    expect(await answer(codes.consume('login', { ...target, projectId: 'other' }, code))).toEqual(
      invalidCode,
    )
    expect(await answer(codes.consume('login', target, code))).toBe('accepted')
  })

  it("keeps 'Invalid code' while another of the address's codes is still alive", async () => {
    const { codes } = store()
    const target = newTarget()
    const first = await codes.issue('login', target)
    for (let guess = 0; guess < 4; guess++)
      expect(await answer(codes.consume('login', target, wrong(first)))).toEqual(invalidCode)
    const second = await codes.issue('login', target)
    // This guess is the first code's fifth attempt, the second code's first.
    const guess = wrong(second) === first ? wrong(wrong(second)) : wrong(second)
    expect(await answer(codes.consume('login', target, guess))).toEqual(invalidCode)
    expect(await answer(codes.consume('login', target, second))).toBe('accepted')
  })

  it('drops a used code, not an older live one, when the address asks again', async () => {
    const { codes, clock } = store()
    const target = newTarget()
    const oldest = await codes.issue('login', target)
    clock.now += 1_000
    await codes.issue('login', target)
    clock.now += 1_000
    const used = await codes.issue('login', target)
    expect(await answer(codes.consume('login', target, used))).toBe('accepted')
    clock.now += 1_000
    await codes.issue('login', target)
    expect(await answer(codes.consume('login', target, oldest))).toBe('accepted')
  })

  it('never locks an address when the operator turns the guessing budget off', async () => {
    const { codes } = store()
    const target = newTarget()
    const answers = new Set<string>()
    for (let round = 0; round < 6; round++) {
      const code = await codes.issue('login', target)
      for (let guess = 0; guess < 5; guess++) {
        const result = await answer(codes.consume('login', target, wrong(code)))
        answers.add(typeof result === 'string' ? result : result.code)
      }
    }
    expect([...answers].sort()).toEqual(['invalid_otp', 'otp_attempts_exceeded'])
    expect(await answer(codes.consume('login', target, await codes.issue('login', target)))).toBe(
      'accepted',
    )
  })

  it('tells a visitor who asks again 10 s after a mail to wait the 20 s left', async () => {
    const { codes } = store()
    const target = newTarget()
    await codes.claimEmailSlot(target)
    await database.db
      .updateTable('embedded_email_throttle')
      .set({ last_sent_at: new Date(Date.now() - 10_000) })
      .where('project_id', '=', target.projectId)
      .where('email', '=', target.email)
      .execute()
    expect(await answer(codes.claimEmailSlot(target))).toEqual({
      status: 429,
      code: 'rate_limited',
      message: 'Please try again after 20 seconds',
    })
  })

  it("answers a second mail within 30 s with 'Please try again after 30 seconds'", async () => {
    const { codes } = store()
    const target = newTarget()
    await codes.claimEmailSlot(target)
    const error = await codes.claimEmailSlot(target).then(
      () => undefined,
      (failure: EmbeddedApiError) => failure,
    )
    expect(error).toMatchObject({ statusCode: 429, code: 'rate_limited' })
    // Rounded up from the seconds left: 30 right after the first mail (29 on a slow machine).
    const seconds = error!.retryAfterSeconds!
    expect([29, 30]).toContain(seconds)
    expect(error!.shortMessage).toBe(`Please try again after ${seconds} seconds`)
    // Another address, or the same address in another project, has its own cooldown.
    await codes.claimEmailSlot(newTarget())
    await codes.claimEmailSlot({ ...target, projectId: 'other' })
  })
})

describe('the guessing budget, as the operator sets it', () => {
  const lockedFor = (seconds: number) => ({
    status: 429,
    code: 'login_locked',
    message: `Please try again after ${seconds} seconds`,
  })
  function budgeted(budget: Partial<LoginFailureBudget>, options: { notify?: boolean } = {}) {
    const clock = { now: Date.parse('2032-01-01T00:00:00Z') }
    const locks: Date[] = []
    const codes = createCodeStore({
      db: database.db,
      key,
      budget,
      now: () => clock.now,
      onLock:
        options.notify === false
          ? undefined
          : (_target, until) => {
              locks.push(until)
            },
    })
    return { codes, clock, locks }
  }

  it('defaults to 20 wrong codes a day, then a lock of at least an hour', () => {
    expect(defaultLoginFailureBudget).toEqual({
      maxFailures: 20,
      windowMs: 24 * 60 * minute,
      lockMs: 60 * minute,
    })
  })

  it('locks as soon as the budget is spent, for the lock time, with one notice', async () => {
    const { codes, clock, locks } = budgeted({ maxFailures: 2, windowMs: 10 * minute })
    const target = newTarget()
    const code = await codes.issue('login', target)
    expect(await answer(codes.consume('login', target, wrong(code)))).toEqual(invalidCode)
    expect(locks).toEqual([])
    expect(await answer(codes.consume('login', target, wrong(code)))).toEqual(invalidCode)
    // The second failure spent the budget: locked (and told) now, for the hour of the lock.
    expect(locks).toEqual([new Date(clock.now + 60 * minute)])
    expect(await answer(codes.consume('login', target, code))).toEqual(lockedFor(3600))
    clock.now += 60 * minute - 1_000
    expect(await answer(codes.consume('login', target, code))).toEqual(lockedFor(1))
    clock.now += 1_000
    // The lock is over (the code has expired meanwhile: a new one logs in).
    const fresh = await codes.issue('login', target)
    expect(await answer(codes.consume('login', target, fresh))).toBe('accepted')
    expect(locks).toHaveLength(1)
  })

  it('locks without a notice hook too', async () => {
    const { codes } = budgeted({ maxFailures: 1, windowMs: 10 * minute }, { notify: false })
    const target = newTarget()
    const code = await codes.issue('login', target)
    expect(await answer(codes.consume('login', target, wrong(code)))).toEqual(invalidCode)
    expect(await answer(codes.consume('login', target, code))).toEqual(lockedFor(3600))
  })

  it('sends one notice for a lock that parallel guesses reach together', async () => {
    const { codes, locks } = budgeted({ maxFailures: 2, windowMs: 10 * minute })
    const target = newTarget()
    const code = await codes.issue('login', target)
    await answer(codes.consume('login', target, wrong(code)))
    await Promise.all([1, 2, 3].map(() => answer(codes.consume('login', target, wrong(code)))))
    expect(locks).toHaveLength(1)
    expect(await answer(codes.consume('login', target, code))).toEqual(lockedFor(3600))
  })

  it('keeps a short lock until the oldest failure leaves the window, not the newest', async () => {
    const { codes, clock } = budgeted({ maxFailures: 2, windowMs: 10 * minute, lockMs: minute })
    const target = newTarget()
    const code = await codes.issue('login', target)
    expect(await answer(codes.consume('login', target, wrong(code)))).toEqual(invalidCode)
    clock.now += 5 * minute
    expect(await answer(codes.consume('login', target, wrong(code)))).toEqual(invalidCode)
    // The first failure leaves the 10-minute window 5 minutes from now.
    expect(await answer(codes.consume('login', target, code))).toEqual(lockedFor(300))
  })

  it('compares a guess with as many codes as the budget has left, the newest first', async () => {
    const { codes, clock } = budgeted({ maxFailures: 3 })
    const target = newTarget()
    const oldest = await codes.issue('login', target)
    for (let guess = 0; guess < 2; guess++)
      expect(await answer(codes.consume('login', target, wrong(oldest)))).toEqual(invalidCode)
    clock.now += 1_000
    await codes.issue('login', target)
    clock.now += 1_000
    const newest = await codes.issue('login', target)
    // One comparison left: the newest code is checked, the oldest is not.
    expect(await answer(codes.consume('login', target, newest))).toBe('accepted')
    expect(await answer(codes.consume('login', target, oldest))).toEqual(invalidCode)
  })
})

describe('stored digests', () => {
  it('never match an empty or malformed digest, even each other', () => {
    const stored = hashOneTimeCode({
      key,
      projectId: 'p',
      purpose: 'login',
      email: 'a@example.com',
      code: '123456',
    })
    expect(digestsMatch(stored, stored)).toBe(true)
    expect(digestsMatch('', '')).toBe(false)
    expect(digestsMatch('zz', 'zz')).toBe(false)
    expect(digestsMatch(stored, '')).toBe(false)
    expect(digestsMatch(stored, stored.slice(0, 62))).toBe(false)
    expect(digestsMatch(stored.slice(0, 62), stored)).toBe(false)
  })

  it('stay the same across releases (codes in flight, refresh tokens and approval links)', () => {
    const hmac = (text: string) => createHmac('sha256', key).update(text).digest('hex')
    expect(
      hashOneTimeCode({ key, projectId: 'p', purpose: 'login', email: 'a@example.com', code: '1' }),
    ).toBe(hmac('otp\0p\0login\0a@example.com\x001'))
    expect(hashToken(key, 'refresh-token')).toBe(hmac('token\0refresh-token'))
    expect(hashToken(key, 'refresh-token')).toBe(
      '4a6ec0c1d95f374291a3210dcc7da6131ad4ff8ddb7558fdfbbc5f9ca53f2ae0',
    )
  })
})
