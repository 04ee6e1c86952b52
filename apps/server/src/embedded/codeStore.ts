import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'
import { EmbeddedApiError, invalidOtp, tryAgainAfter } from './errors.ts'
import {
  createOneTimeCode,
  digestsMatch,
  hashOneTimeCode,
  oneTimeCodeLifetimeMs,
  oneTimeCodeMaxAttempts,
} from './oneTimeCode.ts'

/**
 * Email login (and every code mail to one address) at most once per 30 s (SPEC §5, §9): the
 * default of `CreateCodeStoreParameters['emailCooldownSeconds']`.
 */
export const emailCooldownSeconds = 30
/**
 * Codes of one purpose and address that stay valid together: a new request does not kill the
 * visitor's open code (a third party asking for codes cannot knock it out), the oldest goes
 * beyond this many.
 */
export const maxLiveCodes = 3

export type CodePurpose = 'login' | 'update_primary' | 'update_secondary'

/** Codes and cooldowns are per project: a code issued under one project never works under another. */
export type CodeTarget = { projectId: string; email: string }

/**
 * How many codes may be compared without a match per identity (project + email), whatever the
 * purpose: at most `maxFailures` within any `windowMs`. Once spent, checks are refused (429
 * `login_locked`, 'Please try again after {n} seconds') for at least `lockMs` and until the
 * window has room again, so an attacker's chance stays below `maxFailures / 10⁶` per window.
 */
export type LoginFailureBudget = { maxFailures: number; windowMs: number; lockMs: number }

export const defaultLoginFailureBudget: LoginFailureBudget = {
  maxFailures: 20,
  windowMs: 24 * 60 * 60_000,
  lockMs: 60 * 60_000,
}

export type CodeStore = {
  /**
   * Throws 429 'Please try again after {n} seconds' when `email` got mail within the cooldown
   * (30 s unless the store was made with another `emailCooldownSeconds`).
   */
  claimEmailSlot: (target: CodeTarget) => Promise<void>
  /**
   * Adds a code of this purpose for `target` and returns it (to mail only). Earlier unexpired
   * codes stay valid, each with its own attempts; beyond `maxLiveCodes` the oldest is dropped.
   */
  issue: (purpose: CodePurpose, target: CodeTarget) => Promise<string>
  /**
   * Checks the code against every live code of this purpose and consumes the one it matches:
   * 10 minutes, 5 attempts per code, single use, constant-time compare, and the identity's
   * failure budget (`LoginFailureBudget`).
   */
  consume: (purpose: CodePurpose, target: CodeTarget, code: string) => Promise<void>
  /**
   * Undoes `issue` (and `claimEmailSlot`) for a code whose mail could not be sent: the code is
   * deleted and the address's cooldown released, so the visitor may ask again at once.
   */
  withdraw: (purpose: CodePurpose, target: CodeTarget, code: string) => Promise<void>
}

export type CreateCodeStoreParameters = {
  db: Kysely<Database>
  /** Keys the code digests. */
  key: Uint8Array
  /** Keys whose digests are still accepted (rotation), `key` first; default `[key]`. */
  verifyingKeys?: readonly Uint8Array[] | undefined
  /** The failure budget per identity (default 20 per 24 h, then a lock of at least 1 h); false = none. */
  budget?: Partial<LoginFailureBudget> | false | undefined
  /**
   * Told once per lock, when an identity's budget is spent (e.g. to mail the address). Awaited;
   * a failure is the caller's to report, the lock holds regardless.
   */
  onLock?: ((target: CodeTarget, lockedUntil: Date) => Promise<void> | void) | undefined
  /** The clock (tests and the guessing bench move it); default `Date.now`. */
  now?: (() => number) | undefined
  /**
   * Seconds between two mails to one address (default `emailCooldownSeconds`, the SPEC's 30 s).
   * Counted by the database's clock, not `now`, so that every server process agrees.
   */
  emailCooldownSeconds?: number | undefined
}

export function createCodeStore({
  db,
  key,
  verifyingKeys = [key],
  budget: budgetOption,
  onLock,
  now = Date.now,
  emailCooldownSeconds: cooldownSeconds = emailCooldownSeconds,
}: CreateCodeStoreParameters): CodeStore {
  const budget =
    budgetOption === false ? undefined : { ...defaultLoginFailureBudget, ...budgetOption }

  const windowStart = (at: number, windowMs: number) => new Date(at - windowMs)
  const usedUnits = async ({ projectId, email }: CodeTarget, at: number, windowMs: number) => {
    const row = await db
      .selectFrom('embedded_login_failures')
      .select((eb) => eb.fn.sum<number | string | bigint | null>('units').as('used'))
      .where('project_id', '=', projectId)
      .where('email', '=', email)
      .where('failed_at', '>', windowStart(at, windowMs))
      .executeTakeFirst()
    return Number(row?.used ?? 0)
  }

  const lockedError = (until: number, at: number) =>
    tryAgainAfter(Math.max(1, Math.ceil((until - at) / 1000)), 'login_locked')

  /** Throws while the identity is locked. */
  const assertNotLocked = async ({ projectId, email }: CodeTarget, at: number) => {
    const lock = await db
      .selectFrom('embedded_login_locks')
      .select('locked_until')
      .where('project_id', '=', projectId)
      .where('email', '=', email)
      .where('locked_until', '>', new Date(at))
      .executeTakeFirst()
    if (lock) throw lockedError(lock.locked_until.getTime(), at)
  }

  /**
   * Locks the identity for `lockMs` and until the window has room again; tells `onLock` when this
   * call started the lock (one notice per lock, also across processes). Resolves the lock's end.
   */
  const lock = async (target: CodeTarget, at: number, limits: LoginFailureBudget) => {
    const failures = await db
      .selectFrom('embedded_login_failures')
      .select(['units', 'failed_at'])
      .where('project_id', '=', target.projectId)
      .where('email', '=', target.email)
      .where('failed_at', '>', windowStart(at, limits.windowMs))
      .orderBy('failed_at', 'asc')
      .execute()
    let until = at + limits.lockMs
    let excess = failures.reduce((sum, row) => sum + row.units, 0) - limits.maxFailures + 1
    for (const row of failures) {
      if (excess <= 0) break
      excess -= row.units
      if (excess <= 0) until = Math.max(until, row.failed_at.getTime() + limits.windowMs)
    }
    const lockedUntil = new Date(until)
    // One statement: only the call that finds no running lock starts one (and notifies).
    const started = await db
      .insertInto('embedded_login_locks')
      .values({
        project_id: target.projectId,
        email: target.email,
        locked_at: new Date(at),
        locked_until: lockedUntil,
      })
      .onConflict((c) =>
        c
          .columns(['project_id', 'email'])
          .doUpdateSet({ locked_at: new Date(at), locked_until: lockedUntil })
          .where('embedded_login_locks.locked_until', '<=', new Date(at)),
      )
      .returning('locked_until')
      .executeTakeFirst()
    if (started) await onLock?.(target, lockedUntil)
    else {
      const running = await db
        .selectFrom('embedded_login_locks')
        .select('locked_until')
        .where('project_id', '=', target.projectId)
        .where('email', '=', target.email)
        .executeTakeFirst()
      return Math.max(until, running?.locked_until.getTime() ?? until)
    }
    return until
  }

  /**
   * Takes up to `wanted` comparisons from the budget before any is made, so parallel guesses
   * cannot overspend it: the reservation is counted, then the total checked (a reservation that
   * finds the total over the budget is withdrawn and refused). Resolves the reservation.
   */
  const reserve = async (target: CodeTarget, wanted: number, at: number) => {
    if (!budget) return { id: undefined, units: wanted }
    const room = budget.maxFailures - (await usedUnits(target, at, budget.windowMs))
    if (room <= 0) throw lockedError(await lock(target, at, budget), at)
    const units = Math.min(wanted, room)
    const id = randomUUID()
    await db
      .insertInto('embedded_login_failures')
      .values({ id, ...toRow(target), units, failed_at: new Date(at) })
      .execute()
    if ((await usedUnits(target, at, budget.windowMs)) > budget.maxFailures) {
      await db.deleteFrom('embedded_login_failures').where('id', '=', id).execute()
      throw lockedError(await lock(target, at, budget), at)
    }
    return { id, units }
  }
  const withdraw = async (id: string | undefined) => {
    if (id) await db.deleteFrom('embedded_login_failures').where('id', '=', id).execute()
  }

  return {
    async claimEmailSlot({ projectId, email }) {
      // One statement, so two processes cannot both pass the cooldown.
      const claimed = await db
        .insertInto('embedded_email_throttle')
        .values({ project_id: projectId, email, last_sent_at: sql<Date>`now()` })
        .onConflict((c) =>
          c
            .columns(['project_id', 'email'])
            .doUpdateSet({ last_sent_at: sql<Date>`now()` })
            .where(
              'embedded_email_throttle.last_sent_at',
              '<=',
              sql<Date>`now() - make_interval(secs => ${cooldownSeconds})`,
            ),
        )
        .returning('email')
        .executeTakeFirst()
      if (claimed) return
      const row = await db
        .selectFrom('embedded_email_throttle')
        .select(
          sql<number>`extract(epoch from (last_sent_at + make_interval(secs => ${cooldownSeconds}) - now()))`.as(
            'remaining',
          ),
        )
        .where('project_id', '=', projectId)
        .where('email', '=', email)
        .executeTakeFirst()
      throw tryAgainAfter(Math.max(1, Math.ceil(Number(row?.remaining ?? cooldownSeconds))))
    },

    async issue(purpose, { projectId, email }) {
      const code = createOneTimeCode()
      const at = now()
      await db.transaction().execute(async (trx) => {
        const scope = trx
          .deleteFrom('embedded_otps')
          .where('project_id', '=', projectId)
          .where('purpose', '=', purpose)
          .where('email', '=', email)
        // Dead codes go (used, expired, out of attempts); live ones stay valid.
        await scope
          .where((eb) =>
            eb.or([
              eb('consumed_at', 'is not', null),
              eb('expires_at', '<=', new Date(at)),
              eb('attempts', '>=', oneTimeCodeMaxAttempts),
            ]),
          )
          .execute()
        const live = await trx
          .selectFrom('embedded_otps')
          .select('id')
          .where('project_id', '=', projectId)
          .where('purpose', '=', purpose)
          .where('email', '=', email)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .execute()
        const dropped = live.slice(maxLiveCodes - 1).map((row) => row.id)
        if (dropped.length > 0) await scope.where('id', 'in', dropped).execute()
        await trx
          .insertInto('embedded_otps')
          .values({
            id: randomUUID(),
            project_id: projectId,
            purpose,
            email,
            code_hash: hashOneTimeCode({ key, projectId, purpose, email, code }),
            expires_at: new Date(at + oneTimeCodeLifetimeMs),
            consumed_at: null,
            created_at: new Date(at),
          })
          .execute()
      })
      return code
    },

    async withdraw(purpose, { projectId, email }, code) {
      await db
        .deleteFrom('embedded_otps')
        .where('project_id', '=', projectId)
        .where('purpose', '=', purpose)
        .where('email', '=', email)
        .where('code_hash', '=', hashOneTimeCode({ key, projectId, purpose, email, code }))
        .execute()
      await db
        .deleteFrom('embedded_email_throttle')
        .where('project_id', '=', projectId)
        .where('email', '=', email)
        .execute()
    },

    async consume(purpose, target, code) {
      const { projectId, email } = target
      const at = now()
      if (budget) await assertNotLocked(target, at)
      const rows = await db
        .selectFrom('embedded_otps')
        .select(['id', 'code_hash', 'attempts', 'expires_at'])
        .where('project_id', '=', projectId)
        .where('purpose', '=', purpose)
        .where('email', '=', email)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute()
      const live = rows.filter(
        (row) => row.expires_at.getTime() > at && row.attempts < oneTimeCodeMaxAttempts,
      )
      if (live.length === 0) {
        const newest = rows[0]
        if (!newest) throw invalidOtp()
        if (newest.expires_at.getTime() <= at)
          throw new EmbeddedApiError(400, 'otp_expired', 'The code has expired. Request a new one')
        throw tooManyAttempts()
      }
      // The budget pays for every code compared (the newest first), before any comparison.
      const reservation = await reserve(target, live.length, at)
      const compared = live.slice(0, reservation.units)
      // Count the attempt on each code before comparing, atomically, so parallel guesses cannot
      // exceed 5 per code.
      const counted = await db
        .updateTable('embedded_otps')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where(
          'id',
          'in',
          compared.map((row) => row.id),
        )
        .where('attempts', '<', oneTimeCodeMaxAttempts)
        .where('consumed_at', 'is', null)
        .returning(['id', 'attempts'])
        .execute()
      if (counted.length === 0) {
        await withdraw(reservation.id)
        throw tooManyAttempts()
      }
      if (reservation.id && counted.length < reservation.units)
        await db
          .updateTable('embedded_login_failures')
          .set({ units: counted.length })
          .where('id', '=', reservation.id)
          .execute()
      const candidates = verifyingKeys.map((candidate) =>
        hashOneTimeCode({ key: candidate, projectId, purpose, email, code }),
      )
      const hashOf = new Map(compared.map((row) => [row.id, row.code_hash]))
      // Every counted code is compared (no early exit), each in constant time.
      let matched: string | undefined
      for (const { id } of counted) {
        const stored = hashOf.get(id) ?? ''
        const matches = candidates.reduce(
          (hit, digest) => digestsMatch(stored, digest) || hit,
          false,
        )
        if (matches) matched ??= id
      }
      if (!matched) {
        // The budget just ran out: lock (and notify) now rather than at the next try.
        if (budget && (await usedUnits(target, at, budget.windowMs)) >= budget.maxFailures)
          await lock(target, at, budget)
        throw counted.every((row) => row.attempts >= oneTimeCodeMaxAttempts)
          ? tooManyAttempts()
          : invalidOtp()
      }
      // A right code is no failure.
      await withdraw(reservation.id)
      const consumed = await db
        .updateTable('embedded_otps')
        .set({ consumed_at: new Date(at) })
        .where('id', '=', matched)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
      if (!consumed) throw invalidOtp()
    },
  }
}

const toRow = ({ projectId, email }: CodeTarget) => ({ project_id: projectId, email })

const tooManyAttempts = () =>
  new EmbeddedApiError(400, 'otp_attempts_exceeded', 'Too many attempts. Request a new code')
