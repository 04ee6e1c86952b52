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

/** Email login (and every code mail to one address) at most once per 30 s (SPEC §5, §9). */
export const emailCooldownSeconds = 30

export type CodePurpose = 'login' | 'update_primary' | 'update_secondary'

/** Codes and cooldowns are per project: a code issued under one project never works under another. */
export type CodeTarget = { projectId: string; email: string }

export type CodeStore = {
  /** Throws 429 'Please try again after {n} seconds' when `email` got mail less than 30 s ago. */
  claimEmailSlot: (target: CodeTarget) => Promise<void>
  /** Replaces any open code of this purpose and email with a new one; returns it (to mail only). */
  issue: (purpose: CodePurpose, target: CodeTarget) => Promise<string>
  /** Checks and consumes the code: 10 minutes, 5 attempts, single use, constant-time compare. */
  consume: (purpose: CodePurpose, target: CodeTarget, code: string) => Promise<void>
}

export type CreateCodeStoreParameters = {
  db: Kysely<Database>
  /** Keys the code digests. */
  key: Uint8Array
  /** Keys whose digests are still accepted (rotation), `key` first; default `[key]`. */
  verifyingKeys?: readonly Uint8Array[] | undefined
}

export function createCodeStore({
  db,
  key,
  verifyingKeys = [key],
}: CreateCodeStoreParameters): CodeStore {
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
              sql<Date>`now() - make_interval(secs => ${emailCooldownSeconds})`,
            ),
        )
        .returning('email')
        .executeTakeFirst()
      if (claimed) return
      const row = await db
        .selectFrom('embedded_email_throttle')
        .select(
          sql<number>`extract(epoch from (last_sent_at + make_interval(secs => ${emailCooldownSeconds}) - now()))`.as(
            'remaining',
          ),
        )
        .where('project_id', '=', projectId)
        .where('email', '=', email)
        .executeTakeFirst()
      throw tryAgainAfter(Math.max(1, Math.ceil(Number(row?.remaining ?? emailCooldownSeconds))))
    },

    async issue(purpose, { projectId, email }) {
      const code = createOneTimeCode()
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('embedded_otps')
          .where('project_id', '=', projectId)
          .where('purpose', '=', purpose)
          .where('email', '=', email)
          .execute()
        await trx
          .insertInto('embedded_otps')
          .values({
            id: randomUUID(),
            project_id: projectId,
            purpose,
            email,
            code_hash: hashOneTimeCode({ key, projectId, purpose, email, code }),
            expires_at: new Date(Date.now() + oneTimeCodeLifetimeMs),
            consumed_at: null,
          })
          .execute()
      })
      return code
    },

    async consume(purpose, { projectId, email }, code) {
      const row = await db
        .selectFrom('embedded_otps')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('purpose', '=', purpose)
        .where('email', '=', email)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()
      if (!row) throw invalidOtp()
      if (row.expires_at.getTime() <= Date.now())
        throw new EmbeddedApiError(400, 'otp_expired', 'The code has expired. Request a new one')
      // Count the attempt before comparing, atomically, so parallel guesses cannot exceed 5.
      const counted = await db
        .updateTable('embedded_otps')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', oneTimeCodeMaxAttempts)
        .where('consumed_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst()
      if (!counted) throw tooManyAttempts()
      const matches = verifyingKeys.some((candidate) =>
        digestsMatch(
          row.code_hash,
          hashOneTimeCode({ key: candidate, projectId, purpose, email, code }),
        ),
      )
      if (!matches) {
        throw counted.attempts >= oneTimeCodeMaxAttempts ? tooManyAttempts() : invalidOtp()
      }
      const consumed = await db
        .updateTable('embedded_otps')
        .set({ consumed_at: new Date() })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
      if (!consumed) throw invalidOtp()
    },
  }
}

const tooManyAttempts = () =>
  new EmbeddedApiError(400, 'otp_attempts_exceeded', 'Too many attempts. Request a new code')
