import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import type { Database } from '../db/schema.ts'
import {
  type CodeTarget,
  type CreateCodeStoreParameters,
  createCodeStore,
  maxLiveCodes,
} from './codeStore.ts'
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

/** A store (one server) with its own clock and a record of the lock notices. */
function store(
  start = Date.parse('2030-01-01T00:00:00Z'),
  options: Partial<Pick<CreateCodeStoreParameters, 'db' | 'budget' | 'key' | 'verifyingKeys'>> = {},
) {
  const clock = { now: start }
  const locks: { target: CodeTarget; until: Date }[] = []
  const codes = createCodeStore({
    db: database.db,
    key,
    now: () => clock.now,
    onLock: (target, until) => {
      locks.push({ target, until })
    },
    ...options,
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

/**
 * The database as a request sees it that pauses right after its first query reading `table`,
 * until `resume()`: other requests (another server) run while this one is in flight. The pause
 * comes once the query has given PGlite's single connection back, so the others are not blocked.
 */
function pausingAfter(table: string) {
  let reach!: () => void
  let resume!: () => void
  const reached = new Promise<void>((resolve) => {
    reach = resolve
  })
  const resumed = new Promise<void>((resolve) => {
    resume = resolve
  })
  let paused = false
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object)
        if (typeof value !== 'function') return value
        const method = value as (...args: unknown[]) => unknown
        if (typeof property === 'string' && property.startsWith('execute'))
          return async (...args: unknown[]) => {
            const result = await method.apply(object, args)
            const { sql } = (object as unknown as { compile: () => { sql: string } }).compile()
            if (!paused && sql.includes(`from "${table}"`)) {
              paused = true
              reach()
              await resumed
            }
            return result
          }
        return (...args: unknown[]) => {
          const result = method.apply(object, args)
          const builder = typeof result === 'object' && result !== null && 'execute' in result
          return builder ? wrap(result) : result
        }
      },
    })
  return { db: wrap(database.db) as Kysely<Database>, reached, resume }
}

/** The units of the failures recorded for `target`, oldest first. */
const failureUnits = async (target: CodeTarget) =>
  (
    await database.db
      .selectFrom('embedded_login_failures')
      .select('units')
      .where('email', '=', target.email)
      .orderBy('failed_at')
      .orderBy('units')
      .execute()
  ).map((row) => row.units)

const minute = 60_000

describe('code store: a guess still in flight while others land', () => {
  it("refuses a right code in flight when another server locks the address, with that lock's time left", async () => {
    // Server B's clock is 5 s behind server A's; the lock A starts ends 1 h after A's clock.
    const start = Date.parse('2037-01-01T00:00:00Z')
    const budget = { maxFailures: 2, windowMs: 10 * minute }
    const a = store(start + 5_000, { budget })
    const slow = pausingAfter('embedded_login_locks')
    const b = store(start, { budget, db: slow.db })
    const target = newTarget()
    const code = await a.codes.issue('login', target)
    expect((await failure(a.codes.consume('login', target, other(code)))).code).toBe('invalid_otp')

    // B finds no lock, then waits while A's second wrong guess spends the budget and locks.
    const visitor = failure(b.codes.consume('login', target, code))
    await slow.reached
    expect((await failure(a.codes.consume('login', target, other(code)))).code).toBe('invalid_otp')
    expect(a.locks.map((lock) => lock.until)).toEqual([new Date(start + 5_000 + 60 * minute)])
    slow.resume()

    const refused = await visitor
    expect(refused).toMatchObject({ statusCode: 429, code: 'login_locked' })
    // Not the 3600 s a lock started on B's clock would have: A's lock ends 3605 s after B's now.
    expect(refused.shortMessage).toBe('Please try again after 3605 seconds')
    expect(refused.retryAfterSeconds).toBe(3605)
    expect(b.locks).toEqual([])
  })

  it('charges a guess in flight only for the codes it could still compare', async () => {
    const { codes, clock } = store(Date.parse('2038-01-01T00:00:00Z'))
    const target = newTarget()
    const first = await codes.issue('login', target)
    for (let guess = 0; guess < 4; guess++)
      expect((await failure(codes.consume('login', target, other(first)))).code).toBe('invalid_otp')
    clock.now += 30_000
    const second = await codes.issue('login', target)
    const guess = [other(second), other(other(second))].find((code) => code !== first)!

    // The slow guess has read both codes live; meanwhile a guess uses the first code's fifth try.
    const slow = pausingAfter('embedded_otps')
    const inFlight = store(clock.now, { db: slow.db })
    const visitor = failure(inFlight.codes.consume('login', target, guess))
    await slow.reached
    expect((await failure(codes.consume('login', target, guess))).code).toBe('invalid_otp')
    slow.resume()

    expect((await visitor).code).toBe('invalid_otp')
    // Four guesses at one code, one at two, and the slow one compared with the second code only.
    expect(await failureUnits(target)).toEqual([1, 1, 1, 1, 1, 2])
  })

  it("answers 'Too many attempts' to a guess in flight whose code ran out meanwhile, and charges nothing", async () => {
    const { codes, clock } = store(Date.parse('2039-01-01T00:00:00Z'))
    const target = newTarget()
    const code = await codes.issue('login', target)
    for (let guess = 0; guess < 4; guess++)
      expect((await failure(codes.consume('login', target, other(code)))).code).toBe('invalid_otp')

    const slow = pausingAfter('embedded_otps')
    const inFlight = store(clock.now, { db: slow.db })
    const visitor = failure(inFlight.codes.consume('login', target, code))
    await slow.reached
    expect((await failure(codes.consume('login', target, other(code)))).code).toBe(
      'otp_attempts_exceeded',
    )
    slow.resume()

    expect(await visitor).toMatchObject({
      statusCode: 400,
      code: 'otp_attempts_exceeded',
      shortMessage: 'Too many attempts. Request a new code',
    })
    // One failure per guess that compared the code: the slow one compared nothing.
    expect(await failureUnits(target)).toEqual([1, 1, 1, 1, 1])
  })
})

describe('code store: codes out of attempts on a tight budget', () => {
  it("lets the older code in after a third party used up the newest code's attempts", async () => {
    // An operator's budget of one comparison a minute: each guess checks the newest code only.
    const { codes, clock } = store(Date.parse('2040-01-01T00:00:00Z'), {
      budget: { maxFailures: 1, windowMs: minute, lockMs: minute },
    })
    const target = newTarget()
    const visitor = await codes.issue('login', target)
    clock.now += 1_000
    const newest = await codes.issue('login', target)
    const guess = ['000000', '000001', '000002'].find(
      (code) => code !== visitor && code !== newest,
    )!
    const answers: string[] = []
    for (let round = 0; round < 5; round++) {
      answers.push((await failure(codes.consume('login', target, guess))).code)
      // Each wrong guess spends the minute's budget: wait for the lock to end.
      expect((await failure(codes.consume('login', target, visitor))).code).toBe('login_locked')
      clock.now += minute
    }
    expect(answers).toEqual([...Array(4).fill('invalid_otp'), 'otp_attempts_exceeded'])
    // The dead newest code takes no comparison: the visitor's own code is the one checked.
    await codes.consume('login', target, visitor)
  })
})

describe('code store: key rotation', () => {
  it('accepts a code mailed before a rotation while the previous key is kept, never after', async () => {
    const previous = new Uint8Array(32).fill(7)
    const start = Date.parse('2041-01-01T00:00:00Z')
    const before = store(start, { key: previous })
    const rotated = store(start, { verifyingKeys: [key, previous] })
    const forgotten = store(start)
    const target = newTarget()

    await rotated.codes.consume('login', target, await before.codes.issue('login', target))
    await rotated.codes.consume('login', target, await rotated.codes.issue('login', target))
    const code = await before.codes.issue('login', target)
    expect((await failure(forgotten.codes.consume('login', target, code))).code).toBe('invalid_otp')
  })
})
