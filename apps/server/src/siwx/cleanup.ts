import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * Signed-out and ended sessions are kept this long, so `GET /v1/siwx/session` can still say
 * "signed out" or "expired" instead of "no session" for a day.
 */
export const siwxSessionGraceMs = 24 * 60 * 60_000

export type DeleteExpiredSiwxRowsParameters = {
  db: Kysely<Database>
  now: number
  graceMs?: number | undefined
}

/**
 * One pass of the SIWX clean-up: expired nonces (used or not: a used one can no longer be
 * replayed once it would have expired anyway), and sessions revoked or ended more than the
 * grace period ago, with their accounts (cascade). Resolves the rows deleted per table.
 */
export async function deleteExpiredSiwxRows({
  db,
  now,
  graceMs = siwxSessionGraceMs,
}: DeleteExpiredSiwxRowsParameters): Promise<{ siwx_nonces: number; siwx_sessions: number }> {
  const nonces = await db
    .deleteFrom('siwx_nonces')
    .where('expires_at', '<=', new Date(now))
    .executeTakeFirst()
  const cutoff = new Date(now - graceMs)
  const sessions = await db
    .deleteFrom('siwx_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .executeTakeFirst()
  return {
    siwx_nonces: Number(nonces.numDeletedRows),
    siwx_sessions: Number(sessions.numDeletedRows),
  }
}

export type StartSiwxCleanupParameters = {
  db: Kysely<Database>
  /** How often the job runs (default hourly); it also runs once at start. */
  intervalMs?: number | undefined
  onDeleted?: ((result: Record<string, number>) => void) | undefined
  onError?: ((error: unknown) => void) | undefined
  now?: (() => number) | undefined
}

export type SiwxCleanup = {
  run: () => Promise<Record<string, number>>
  /** Stops the timer and waits for a pass under way. */
  stop: () => Promise<void>
}

/**
 * The hourly job of the main server (the embedded wallet's clean-up runs with the frame
 * listener, which SIWX does not need): one pass now and every `intervalMs` until stopped.
 */
export function startSiwxCleanup(parameters: StartSiwxCleanupParameters): SiwxCleanup {
  const now = parameters.now ?? Date.now
  let running: Promise<Record<string, number>> | undefined
  const run = () => {
    running ??= deleteExpiredSiwxRows({ db: parameters.db, now: now() })
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
