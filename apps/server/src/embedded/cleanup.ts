import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

/** What the clean-up job keeps; every duration in milliseconds. */
export type EmbeddedCleanupOptions = {
  /**
   * Rows are deleted this long after they stopped being of use (expired, used, revoked), so
   * a support question about yesterday's login can still be answered. Default 7 days.
   */
  graceMs: number
  /** The absolute session lifetime: older sessions are over (and deleted after the grace). */
  sessionLifetimeMs: number
  /** Failed code checks are counted over this window (the guessing budget); older ones go. */
  failureWindowMs: number
  /** Email login starts per network are counted over this window (the proof of work). */
  loginStartWindowMs: number
  /** A device blocked by "This wasn't me" stays blocked this long. Default 90 days. */
  deviceBlockMs: number
}

export const defaultEmbeddedCleanup = {
  graceMs: 7 * 24 * 60 * 60_000,
  deviceBlockMs: 90 * 24 * 60 * 60_000,
} as const

export type DeleteExpiredEmbeddedRowsParameters = {
  db: Kysely<Database>
  options: EmbeddedCleanupOptions
  /** Default `Date.now()`. */
  now?: number | undefined
  /** Rows per delete statement (default 5 000), so no statement holds locks for long. */
  batchSize?: number | undefined
}

/** Rows deleted per table by one pass. */
export type EmbeddedCleanupResult = Record<string, number>

/**
 * One pass of the embedded wallet's clean-up: codes, approvals, sessions with their refresh
 * tokens and pending email changes, social and Farcaster login flows, passkey challenges, device
 * requests, cooldowns, failure counts, locks, login starts, spent proofs and old device blocks,
 * each once it has been of no use for longer than the grace period. Wallets, share sets,
 * recovery methods, accounts, devices and passkeys are never touched.
 */
export async function deleteExpiredEmbeddedRows({
  db,
  options,
  now = Date.now(),
  batchSize = 5_000,
}: DeleteExpiredEmbeddedRowsParameters): Promise<EmbeddedCleanupResult> {
  const graceCutoff = new Date(now - options.graceMs)
  const result: EmbeddedCleanupResult = {}
  /** Deletes the rows `condition` names, a batch at a time (by `ctid`: any table, any key). */
  const purge = async (table: keyof Database, condition: RawBuilder<unknown>) => {
    let deleted = 0
    for (;;) {
      const rows = await sql<{
        ctid: string
      }>`delete from ${sql.table(table)} where ctid in (select ctid from ${sql.table(table)} where ${condition} limit ${batchSize}) returning ctid`.execute(
        db,
      )
      deleted += rows.rows.length
      if (rows.rows.length < batchSize) break
    }
    result[table] = (result[table] ?? 0) + deleted
  }

  // Sessions: revoked, or past their absolute lifetime, for longer than the grace period. Their
  // refresh tokens and pending email changes go with them.
  const sessionOver = sql`revoked_at < ${graceCutoff} or created_at < ${new Date(now - options.sessionLifetimeMs - options.graceMs)}`
  await purge(
    'embedded_refresh_tokens',
    sql`expires_at < ${graceCutoff} or session_id in (select id from embedded_sessions where ${sessionOver})`,
  )
  await purge(
    'embedded_email_updates',
    sql`session_id in (select id from embedded_sessions where ${sessionOver}) or session_id not in (select id from embedded_sessions)`,
  )
  await purge('embedded_sessions', sessionOver)

  await purge('embedded_otps', sql`expires_at < ${graceCutoff} or consumed_at < ${graceCutoff}`)
  await purge('embedded_device_approvals', sql`expires_at < ${graceCutoff}`)
  await purge('embedded_login_flows', sql`expires_at < ${graceCutoff}`)
  await purge('embedded_passkey_challenges', sql`expires_at < ${graceCutoff}`)
  await purge('embedded_device_requests', sql`expires_at < ${graceCutoff}`)
  await purge('embedded_email_throttle', sql`last_sent_at < ${graceCutoff}`)
  await purge('embedded_login_locks', sql`locked_until < ${graceCutoff}`)
  // Counters are of no use once out of their window: no grace needed.
  await purge(
    'embedded_login_failures',
    sql`failed_at < ${new Date(now - options.failureWindowMs)}`,
  )
  await purge(
    'embedded_login_starts',
    sql`started_at < ${new Date(now - options.loginStartWindowMs)}`,
  )
  await purge('embedded_spent_proofs', sql`expires_at < ${new Date(now)}`)
  await purge('embedded_device_blocks', sql`blocked_at < ${new Date(now - options.deviceBlockMs)}`)
  return result
}

export type StartEmbeddedCleanupParameters = {
  db: Kysely<Database>
  options: EmbeddedCleanupOptions
  /** How often the job runs (default hourly); it also runs once at start. */
  intervalMs?: number | undefined
  onDeleted?: ((result: EmbeddedCleanupResult) => void) | undefined
  onError?: ((error: unknown) => void) | undefined
  now?: (() => number) | undefined
}

export type EmbeddedCleanup = {
  /** One pass now; resolves how many rows it deleted per table. */
  run: () => Promise<EmbeddedCleanupResult>
  /** Stops the timer and waits for a pass under way. */
  stop: () => Promise<void>
}

/** The clean-up job: one pass now and every `intervalMs` until stopped. */
export function startEmbeddedCleanup(parameters: StartEmbeddedCleanupParameters): EmbeddedCleanup {
  const now = parameters.now ?? Date.now
  let running: Promise<EmbeddedCleanupResult> | undefined
  const run = () => {
    running ??= deleteExpiredEmbeddedRows({
      db: parameters.db,
      options: parameters.options,
      now: now(),
    })
      .then((result) => {
        if (Object.values(result).some((count) => count > 0)) parameters.onDeleted?.(result)
        return result
      })
      .finally(() => {
        running = undefined
      })
    return running
  }
  const pass = () => {
    run().catch((error: unknown) => parameters.onError?.(error))
  }
  const timer = setInterval(pass, parameters.intervalMs ?? 60 * 60_000)
  timer.unref()
  pass()
  return {
    run,
    async stop() {
      clearInterval(timer)
      await running?.catch(() => {})
    },
  }
}
