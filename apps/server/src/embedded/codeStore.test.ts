import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { type CodeTarget, createCodeStore, maxLiveCodes } from './codeStore.ts'
import type { EmbeddedApiError } from './errors.ts'

const key = new Uint8Array(32).fill(3)
const hour = 60 * 60_000
const day = 24 * hour

let database: FoyerDatabase
beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' })
})
afterAll(async () => {
  await database?.destroy()
})

let counter = 0
const newTarget = (): CodeTarget => ({ projectId: 'p', email: `guess${counter++}@example.com` })
/** A code that is not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: EmbeddedApiError) => error,
  )

/** A store with its own clock and a record of the lock notices. */
function store(start = Date.parse('2030-01-01T00:00:00Z')) {
  const clock = { now: start }
  const locks: { target: CodeTarget; until: Date }[] = []
  const codes = createCodeStore({
    db: database.db,
    key,
    now: () => clock.now,
    onLock: (target, until) => {
      locks.push({ target, until })
    },
  })
  return { codes, clock, locks }
}

describe('code store: the guessing budget per identity', () => {
  it('checks 20 wrong codes a day, then refuses with how long, and mails once per lock', async () => {
    const { codes, clock, locks } = store()
    const target = newTarget()
    const answers: string[] = []
    // An attacker asking for a new code every 30 s and guessing 5 times on each.
    for (let round = 0; round < 8; round++) {
      const code = await codes.issue('login', target)
      for (let guess = 0; guess < 5; guess++) {
        const error = await failure(codes.consume('login', target, other(code)))
        answers.push(error.code)
      }
      clock.now += 30_000
    }
    // Each wrong guess is compared with every live code (up to 3): 20 comparisons are the budget.
    const checked = answers.filter((code) => code !== 'login_locked').length
    expect(checked).toBe(20)
    expect(answers.at(-1)).toBe('login_locked')
    expect(locks).toHaveLength(1)
    expect(locks[0]!.target).toEqual(target)
    const spent = await database.db
      .selectFrom('embedded_login_failures')
      .select((eb) => eb.fn.sum<string>('units').as('units'))
      .where('email', '=', target.email)
      .executeTakeFirstOrThrow()
    expect(Number(spent.units)).toBe(20)

    // While locked even the right code is refused, with the SPEC wording and the time left.
    const code = await codes.issue('login', target)
    const locked = await failure(codes.consume('login', target, code))
    expect(locked.statusCode).toBe(429)
    expect(locked.code).toBe('login_locked')
    const seconds = Number(/^Please try again after (\d+) seconds$/.exec(locked.shortMessage)?.[1])
    expect(locked.retryAfterSeconds).toBe(seconds)
    // Until the window has room again: the first failures leave it after 24 h (≥ the 1 h lock).
    expect(seconds * 1000).toBeGreaterThan(23 * hour)
    expect(seconds * 1000).toBeLessThanOrEqual(day)

    clock.now += 2 * hour
    expect((await failure(codes.consume('login', target, code))).code).toBe('login_locked')
    expect(locks).toHaveLength(1)
    clock.now = locks[0]!.until.getTime() + 1
    const fresh = await codes.issue('login', target)
    await codes.consume('login', target, fresh)
  })

  it('lets parallel guesses spend the budget only once', async () => {
    const { codes } = store(Date.parse('2031-01-01T00:00:00Z'))
    const target = newTarget()
    // Many live codes' worth of attempts: 3 codes × 5 attempts would allow 15 guesses each.
    const issued = [] as string[]
    for (let i = 0; i < maxLiveCodes; i++) issued.push(await codes.issue('login', target))
    const wrong = [...Array(1_000_000).keys()]
      .map((n) => String(n).padStart(6, '0'))
      .filter((code) => !issued.includes(code))
      .slice(0, 40)
    const results = await Promise.all(
      wrong.map((code) => failure(codes.consume('login', target, code))),
    )
    const units = await database.db
      .selectFrom('embedded_login_failures')
      .select((eb) => eb.fn.sum<string>('units').as('units'))
      .where('email', '=', target.email)
      .executeTakeFirstOrThrow()
    expect(Number(units.units)).toBeLessThanOrEqual(20)
    expect(results.some((error) => error.code === 'login_locked')).toBe(true)
  })

  it('is shared by every process on the database (two stores, one budget)', async () => {
    const start = Date.parse('2032-01-01T00:00:00Z')
    const a = store(start)
    const b = store(start)
    const target = newTarget()
    let locked = 0
    for (let i = 0; i < 30; i++) {
      const side = i % 2 === 0 ? a : b
      side.clock.now += 1_000
      const code = await side.codes.issue('login', target)
      const error = await failure(side.codes.consume('login', target, other(code)))
      if (error.code === 'login_locked') locked++
    }
    expect(locked).toBeGreaterThan(0)
    expect(a.locks.length + b.locks.length).toBe(1)
  })

  it('counts a right code as no failure', async () => {
    const { codes } = store(Date.parse('2033-01-01T00:00:00Z'))
    const target = newTarget()
    for (let i = 0; i < 30; i++)
      await codes.consume('login', target, await codes.issue('login', target))
    const rows = await database.db
      .selectFrom('embedded_login_failures')
      .selectAll()
      .where('email', '=', target.email)
      .execute()
    expect(rows).toEqual([])
  })
})

describe('code store: a new code does not knock out the open one', () => {
  it('keeps up to 3 codes valid, each with its own 5 attempts', async () => {
    const { codes, clock } = store(Date.parse('2034-01-01T00:00:00Z'))
    const target = newTarget()
    const visitor = await codes.issue('login', target)
    // A third party asks for two more codes for the visitor's address.
    clock.now += 30_000
    const second = await codes.issue('login', target)
    clock.now += 30_000
    await codes.issue('login', target)
    // The visitor's code still logs in.
    await codes.consume('login', target, visitor)
    await expect(codes.consume('login', target, visitor)).rejects.toThrow('Invalid code')
    await codes.consume('login', target, second)
  })

  it('drops the oldest beyond 3 live codes, and a code past 10 minutes', async () => {
    const { codes, clock } = store(Date.parse('2035-01-01T00:00:00Z'))
    const target = newTarget()
    const issued: string[] = []
    for (let i = 0; i < 4; i++) {
      issued.push(await codes.issue('login', target))
      clock.now += 30_000
    }
    const live = await database.db
      .selectFrom('embedded_otps')
      .select('id')
      .where('email', '=', target.email)
      .execute()
    expect(live).toHaveLength(maxLiveCodes)
    if (!issued.slice(1).includes(issued[0]!))
      await expect(codes.consume('login', target, issued[0]!)).rejects.toThrow('Invalid code')
    await codes.consume('login', target, issued[1]!)
    clock.now += 11 * 60_000
    const expired = await failure(codes.consume('login', target, issued[3]!))
    expect(expired.code).toBe('otp_expired')
  })

  it('kills a code after its 5 attempts, even for the right digits', async () => {
    const { codes } = store(Date.parse('2036-01-01T00:00:00Z'))
    const target = newTarget()
    const code = await codes.issue('login', target)
    for (let i = 0; i < 4; i++)
      expect((await failure(codes.consume('login', target, other(code)))).code).toBe('invalid_otp')
    expect((await failure(codes.consume('login', target, other(code)))).code).toBe(
      'otp_attempts_exceeded',
    )
    expect((await failure(codes.consume('login', target, code))).code).toBe('otp_attempts_exceeded')
  })
})
