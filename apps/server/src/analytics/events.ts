import type { AnalyticsEvent } from '@foyer/protocol'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

export type StoreEventsParameters = {
  db: Kysely<Database>
  projectId: string
  events: readonly AnalyticsEvent[]
}

export async function storeEvents({ db, projectId, events }: StoreEventsParameters): Promise<void> {
  if (events.length === 0) return
  await db
    .insertInto('analytics_events')
    .values(
      events.map((event) => ({
        project_id: projectId,
        event_id: event.eventId,
        type: event.props.type ?? 'track',
        event: event.props.event ?? null,
        url: event.url,
        domain: event.domain,
        timestamp: event.timestamp,
        props: JSON.stringify(event.props),
      })),
    )
    .execute()
}

export type QueryEventsParameters = {
  db: Kysely<Database>
  projectId?: string | undefined
  /** Only events received at or after this time. */
  since?: Date | undefined
  type?: string | undefined
  limit?: number | undefined
}

export type StoredEvent = {
  projectId: string
  eventId: string
  type: string
  event: string | null
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
  receivedAt: string
}

/** Stored events, newest first. */
export async function queryEvents(parameters: QueryEventsParameters): Promise<StoredEvent[]> {
  let query = parameters.db.selectFrom('analytics_events').selectAll()
  if (parameters.projectId) query = query.where('project_id', '=', parameters.projectId)
  if (parameters.since) query = query.where('received_at', '>=', parameters.since)
  if (parameters.type) query = query.where('type', '=', parameters.type)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(parameters.limit ?? 100)
    .execute()
  return rows.map((row) => ({
    projectId: row.project_id,
    eventId: row.event_id,
    type: row.type,
    event: row.event,
    url: row.url,
    domain: row.domain,
    timestamp: Number(row.timestamp),
    props: row.props,
    receivedAt: new Date(row.received_at).toISOString(),
  }))
}

/** Event counts per project and event name, for a quick operator overview. */
export async function summarizeEvents(parameters: {
  db: Kysely<Database>
  projectId?: string | undefined
  since?: Date | undefined
}): Promise<{ projectId: string; type: string; event: string | null; count: number }[]> {
  let query = parameters.db
    .selectFrom('analytics_events')
    .select(['project_id', 'type', 'event', sql<string>`count(*)`.as('count')])
  if (parameters.projectId) query = query.where('project_id', '=', parameters.projectId)
  if (parameters.since) query = query.where('received_at', '>=', parameters.since)
  const rows = await query
    .groupBy(['project_id', 'type', 'event'])
    .orderBy('project_id')
    .orderBy('count', 'desc')
    .execute()
  return rows.map((row) => ({
    projectId: row.project_id,
    type: row.type,
    event: row.event,
    count: Number(row.count),
  }))
}
