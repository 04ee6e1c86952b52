import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export type DeleteExpiredEventsParameters = {
  db: Kysely<Database>
  /** Events received before this time are deleted. */
  before: Date
  /** Rows per delete statement (default 10 000), so no statement holds locks for long. */
  batchSize?: number | undefined
}

/** Deletes analytics events received before `before`; resolves how many were deleted. */
export async function deleteExpiredEvents({
  db,
  before,
  batchSize = 10_000,
}: DeleteExpiredEventsParameters): Promise<number> {
  let deleted = 0
  while (true) {
    const rows = await db
      .deleteFrom('analytics_events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('analytics_events')
          .select('id')
          .where('received_at', '<', before)
          .limit(batchSize),
      )
      .returning('id')
      .execute()
    deleted += rows.length
    if (rows.length < batchSize) return deleted
  }
}

export type StartAnalyticsRetentionParameters = {
  db: Kysely<Database>
  /** Events are kept this many days after they were received. */
  retentionDays: number
  /** How often the job runs (default hourly); it also runs once at start. */
  intervalMs?: number | undefined
  onDeleted?: ((count: number) => void) | undefined
  onError?: ((error: unknown) => void) | undefined
  now?: (() => number) | undefined
}

export type AnalyticsRetention = {
  /** One pass now; resolves how many events it deleted. */
  run: () => Promise<number>
  /** Stops the timer and waits for a pass under way. */
  stop: () => Promise<void>
}

/** The retention job: deletes events older than `retentionDays`, now and every `intervalMs`. */
export function startAnalyticsRetention(
  parameters: StartAnalyticsRetentionParameters,
): AnalyticsRetention {
  const { db, retentionDays } = parameters
  const now = parameters.now ?? Date.now
  let running: Promise<number> | undefined
  const run = () => {
    running ??= deleteExpiredEvents({
      db,
      before: new Date(now() - retentionDays * 24 * 60 * 60_000),
    })
      .then((count) => {
        if (count > 0) parameters.onDeleted?.(count)
        return count
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
