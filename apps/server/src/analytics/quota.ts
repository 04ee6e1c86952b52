import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

export type AnalyticsQuota = {
  /**
   * Counts `count` events of a project against today's quota (UTC day). Resolves `undefined` when
   * they fit, else the seconds until the quota renews (the batch is then not counted).
   */
  reserve: (projectId: string, count: number) => Promise<number | undefined>
}

export type CreateAnalyticsQuotaParameters = {
  db: Kysely<Database>
  /** Events a project may store per UTC day. */
  dailyEventQuota: number
  /**
   * How long a process trusts its own count before reading the database again (default 10 s):
   * several processes together overshoot by at most what they accept in that time.
   */
  syncIntervalMs?: number | undefined
  now?: (() => number) | undefined
}

const dayMs = 24 * 60 * 60_000

/**
 * The per-project daily event quota of `POST /e`, counted from the stored events themselves (rows
 * received since UTC midnight), so it holds across restarts and processes without a table of its
 * own. Each process re-reads the count every `syncIntervalMs` and counts what it accepts between.
 */
export function createAnalyticsQuota(parameters: CreateAnalyticsQuotaParameters): AnalyticsQuota {
  const { db, dailyEventQuota } = parameters
  const syncIntervalMs = parameters.syncIntervalMs ?? 10_000
  const now = parameters.now ?? Date.now
  const counts = new Map<string, { dayStart: number; count: number; syncedAt: number }>()
  const syncing = new Map<string, Promise<number>>()

  const storedSince = (projectId: string, dayStart: number) => {
    const pending = syncing.get(projectId)
    if (pending) return pending
    const read = db
      .selectFrom('analytics_events')
      .select(sql<string>`count(*)`.as('count'))
      .where('project_id', '=', projectId)
      .where('received_at', '>=', new Date(dayStart))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count))
      .finally(() => syncing.delete(projectId))
    syncing.set(projectId, read)
    return read
  }

  return {
    async reserve(projectId, count) {
      const time = now()
      const dayStart = Math.floor(time / dayMs) * dayMs
      let state = counts.get(projectId)
      if (!state || state.dayStart !== dayStart || time - state.syncedAt >= syncIntervalMs) {
        const stored = await storedSince(projectId, dayStart)
        state = { dayStart, count: stored, syncedAt: time }
        if (counts.size > 10_000) counts.clear()
        counts.set(projectId, state)
      }
      if (state.count + count > dailyEventQuota)
        return Math.max(1, Math.ceil((dayStart + dayMs - time) / 1000))
      state.count += count
      return undefined
    },
  }
}
