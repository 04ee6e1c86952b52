import { maxEventsBodyBytes } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readServerOptions } from '../config.ts'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { createServer } from '../http/createServer.ts'
import { upsertProject } from '../projects/projects.ts'
import { createAnalyticsQuota } from './quota.ts'
import { deleteExpiredEvents, startAnalyticsRetention } from './retention.ts'

const projectId = 'analytics-test'
const allowedOrigin = 'https://app.example.com'

let eventCounter = 0
const event = (props: Record<string, unknown> = { type: 'track', event: 'MODAL_OPEN' }) => ({
  eventId: `event-${eventCounter++}`,
  url: `${allowedOrigin}/page`,
  domain: 'app.example.com',
  timestamp: Date.now(),
  props,
})

describe('analytics ingestion limits (issue 26 item 5)', () => {
  let database: FoyerDatabase
  let app: FastifyInstance

  const stored = async (project = projectId) => {
    const row = await database.db
      .selectFrom('analytics_events')
      .select(sql<string>`count(*)`.as('count'))
      .where('project_id', '=', project)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
  const post = (
    target: FastifyInstance,
    payload: unknown,
    origin: string | undefined,
    project = projectId,
  ) =>
    target.inject({
      method: 'POST',
      url: `/e?projectId=${project}`,
      headers: origin === undefined ? {} : { origin },
      payload: payload as object,
    })

  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory://' })
    app = await createServer({
      database,
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
      analytics: { dailyEventQuota: 30 },
    })
    await upsertProject({
      db: database.db,
      id: projectId,
      name: 'Analytics test',
      allowedOrigins: [allowedOrigin],
    })
    await upsertProject({
      db: database.db,
      id: 'quota-test',
      name: 'Quota test',
      allowedOrigins: [allowedOrigin],
    })
  })
  afterAll(async () => {
    await app?.close()
    await database?.destroy()
  })

  it('reads the quota and retention from the environment', () => {
    expect(readServerOptions({}).analytics).toEqual({
      dailyEventQuota: undefined,
      retentionDays: undefined,
    })
    expect(
      readServerOptions({
        FOYER_ANALYTICS_DAILY_QUOTA: '5000',
        FOYER_ANALYTICS_RETENTION_DAYS: '30',
      }).analytics,
    ).toEqual({ dailyEventQuota: 5000, retentionDays: 30 })
    expect(() => readServerOptions({ FOYER_ANALYTICS_RETENTION_DAYS: 'forever' })).toThrow(
      'FOYER_ANALYTICS_RETENTION_DAYS must be a whole number',
    )
  })

  // Before: 200 requests of 63 KB without an Origin were stored in 1 s (+30 MB of database).
  it('refuses events without an Origin, or from an origin the project does not allow', async () => {
    const before = await stored()
    const bare = await post(app, [event()], undefined)
    expect(bare.statusCode).toBe(403)
    expect(bare.json()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' })
    const foreign = await post(app, [event()], 'https://evil.example')
    expect(foreign.statusCode).toBe(403)
    const allowed = await post(app, [event()], allowedOrigin)
    expect(allowed.statusCode).toBe(200)
    expect(allowed.json()).toEqual({ stored: 1, dropped: 0 })
    expect(await stored()).toBe(before + 1)
  })

  it('refuses a body over 16 KB (413) and props over 4 KB (400), storing nothing', async () => {
    const before = await stored()
    // The flood: 63 KB bodies, now refused before parsing.
    const flood = Array.from({ length: 20 }, () =>
      event({ type: 'track', properties: { blob: 'x'.repeat(3_000) } }),
    )
    expect(JSON.stringify(flood).length).toBeGreaterThan(maxEventsBodyBytes)
    for (let i = 0; i < 20; i++) {
      const response = await post(app, flood, allowedOrigin)
      expect(response.statusCode).toBe(413)
    }
    const bigProps = await post(
      app,
      [event({ type: 'track', properties: { blob: 'x'.repeat(4_200) } })],
      allowedOrigin,
    )
    expect(bigProps.statusCode).toBe(400)
    expect(bigProps.json()).toMatchObject({ field: '0.props' })
    expect(await stored()).toBe(before)
  })

  it('answers 429 once the project stored its daily quota, also after a restart', async () => {
    const batch = (size: number) => Array.from({ length: size }, () => event())
    expect((await post(app, batch(20), allowedOrigin, 'quota-test')).json()).toEqual({
      stored: 20,
      dropped: 0,
    })
    expect((await post(app, batch(10), allowedOrigin, 'quota-test')).statusCode).toBe(200)
    const over = await post(app, batch(1), allowedOrigin, 'quota-test')
    expect(over.statusCode).toBe(429)
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' })
    const retryAfter = Number(over.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600)
    expect(await stored('quota-test')).toBe(30)
    // Another project has its own quota.
    expect((await post(app, batch(1), allowedOrigin)).statusCode).toBe(200)
    // A new process counts what is stored today.
    const restarted = await createServer({
      database,
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
      analytics: { dailyEventQuota: 30 },
    })
    try {
      expect((await post(restarted, batch(1), allowedOrigin, 'quota-test')).statusCode).toBe(429)
    } finally {
      await restarted.close()
    }
  })

  it('counts a new UTC day afresh', async () => {
    let time = Date.UTC(2030, 0, 1, 23, 59)
    const quota = createAnalyticsQuota({
      db: database.db,
      dailyEventQuota: 2,
      now: () => time,
    })
    expect(await quota.reserve('quota-day', 2)).toBeUndefined()
    expect(await quota.reserve('quota-day', 1)).toBe(60)
    time += 2 * 60_000
    expect(await quota.reserve('quota-day', 1)).toBeUndefined()
  })

  it('deletes events older than the retention period, with the server or on demand', async () => {
    const insert = (eventId: string, daysAgo: number) =>
      database.db
        .insertInto('analytics_events')
        .values({
          project_id: 'retention-test',
          event_id: eventId,
          type: 'track',
          event: 'MODAL_OPEN',
          url: 'u',
          domain: 'd',
          timestamp: 0,
          props: JSON.stringify({}),
          received_at: new Date(Date.now() - daysAgo * 24 * 3600_000),
        })
        .execute()
    await insert('old-1', 120)
    await insert('old-2', 91)
    await insert('recent', 89)
    await insert('today', 0)
    const events = () =>
      database.db
        .selectFrom('analytics_events')
        .select('event_id')
        .where('project_id', '=', 'retention-test')
        .orderBy('event_id')
        .execute()
        .then((rows) => rows.map((row) => row.event_id))

    // The job of a server: it runs at start (onReady) and stops with the server.
    const withJob = await createServer({
      database,
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
      analytics: { retentionDays: 90 },
    })
    await withJob.ready()
    try {
      await expect.poll(events).toEqual(['recent', 'today'])
    } finally {
      await withJob.close()
    }

    await insert('old-3', 40)
    expect(
      await deleteExpiredEvents({
        db: database.db,
        before: new Date(Date.now() - 30 * 24 * 3600_000),
        batchSize: 1,
      }),
    ).toBe(2)
    expect(await events()).toEqual(['today'])

    const deleted: number[] = []
    const job = startAnalyticsRetention({
      db: database.db,
      retentionDays: 1,
      intervalMs: 60_000,
      now: () => Date.now() + 2 * 24 * 3600_000,
      onDeleted: (count) => deleted.push(count),
    })
    // Two days ahead with one day kept: every event of the database is past retention.
    await expect.poll(() => deleted.length).toBe(1)
    expect(await events()).toEqual([])
    expect(await job.run()).toBe(0)
    await job.stop()
  })
})
