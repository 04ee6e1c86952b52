import { queryEvents, summarizeEvents } from '../analytics/events.ts'
import { CliUsageError } from '../errors.ts'
import { type CliContext, parseCommandArgs, runCommand, withDatabase } from './cliContext.ts'

/** Most events one query prints. */
export const maxAnalyticsQueryLimit = 10_000

/**
 * `analytics query [--project ID] [--since 1h|ISO] [--type T] [--limit N] [--summary]`: prints
 * stored events (newest first) or counts per event, one JSON object a line.
 */
export function analyticsQuery(args: string[], context: CliContext): Promise<number> {
  return runCommand(
    context,
    () => {
      const { values } = parseCommandArgs(args, {
        project: { type: 'string' },
        since: { type: 'string' },
        type: { type: 'string' },
        limit: { type: 'string' },
        summary: { type: 'boolean' },
      })
      return {
        projectId: values.project,
        since: values.since === undefined ? undefined : parseSince(values.since),
        type: values.type,
        limit: values.limit === undefined ? 100 : parseLimit(values.limit),
        summary: values.summary ?? false,
      }
    },
    (input) =>
      withDatabase(context, async (db) => {
        const rows = input.summary
          ? await summarizeEvents({ db, projectId: input.projectId, since: input.since })
          : await queryEvents({
              db,
              projectId: input.projectId,
              since: input.since,
              type: input.type,
              limit: input.limit,
            })
        for (const row of rows) context.stdout(`${JSON.stringify(row)}\n`)
      }),
  )
}

function parseLimit(value: string): number {
  const limit = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN
  if (!(limit >= 1 && limit <= maxAnalyticsQueryLimit)) {
    throw new CliUsageError(
      `--limit must be a whole number from 1 to ${maxAnalyticsQueryLimit}, got "${value}"`,
    )
  }
  return limit
}

function parseSince(value: string): Date {
  const relative = /^(\d{1,9})([smhd])$/.exec(value)
  if (relative) {
    const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
      relative[2] as 's' | 'm' | 'h' | 'd'
    ]
    return new Date(Date.now() - Number(relative[1]) * unit)
  }
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) {
    throw new CliUsageError(`--since must be like 1h, 30m, 7d or an ISO date, got "${value}"`)
  }
  return date
}
