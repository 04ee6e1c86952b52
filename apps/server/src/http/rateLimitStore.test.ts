import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { startRedis } from '../../test/support/startRedis.ts'
import { createEmbeddedWallet } from '../embedded/createEmbeddedWallet.ts'
import { createServer } from './createServer.ts'

/** A loopback port nothing listens on (it was free a moment ago): connections are refused. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function captureLog() {
  const lines: { level: number; msg: string }[] = []
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      callback()
    },
  })
  const warnings = (text: string) =>
    lines.filter((line) => line.level === 40 && line.msg.includes(text))
  const infos = (text: string) =>
    lines.filter((line) => line.level === 30 && line.msg.includes(text))
  return { stream, lines, warnings, infos }
}

const outageWarning = 'Redis is unavailable; counting per process'

const statusesOf = async (app: FastifyInstance, url: string, count: number) => {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) {
    const response = await app.inject({ url, remoteAddress: '198.51.100.7' })
    statuses.push(response.statusCode === 429 ? 429 : 200)
  }
  return statuses
}

describe('rate limits when Redis is down (issue 26 item 9)', () => {
  const cleanups: (() => Promise<void> | void)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }, 120_000)

  // Before: `skipOnError: true` let every request through while Redis refused connections.
  it('still limits with a Redis URL that refuses connections, and warns once', async () => {
    const redisUrl = `redis://127.0.0.1:${await closedPort()}`
    const log = captureLog()
    const server = await createServer({
      dataDir: 'memory://',
      redisUrl,
      logger: { level: 'info', stream: log.stream },
      indexer: { enabled: false },
      rateLimit: { perIpPerMinute: 3 },
    })
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-redis-down-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const embedded = await createEmbeddedWallet({
      server,
      dev: true,
      dataDir,
      host: '127.0.0.1',
      framePort: 0,
      smtpUrl: 'smtp://127.0.0.1:9',
      redisUrl,
      rateLimit: { perIpPerMinute: 3 },
      logger: { level: 'info', stream: log.stream },
    })
    cleanups.push(() => server.close())

    expect(await statusesOf(server, '/health', 6)).toEqual([200, 200, 200, 429, 429, 429])
    expect(
      await statusesOf(embedded!.frame, '/v1/embedded/session?projectId=foyer-dev', 5),
    ).toEqual([200, 200, 200, 429, 429])
    // One warning per listener for the whole outage (the failed connection reports it), not one
    // per request nor per reconnection attempt.
    await vi.waitFor(() => {
      expect(log.warnings(`API rate limits: ${outageWarning}`)).toHaveLength(1)
      expect(log.warnings(`frame rate limits: ${outageWarning}`)).toHaveLength(1)
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await statusesOf(server, '/health', 3)).toEqual([429, 429, 429])
    expect(log.warnings(outageWarning)).toHaveLength(2)
  }, 120_000)

  it('counts in Redis while it answers, per process from the moment it stops, and in Redis again once it is back', async () => {
    let redis = await startRedis({ port: 0 })
    cleanups.push(() => redis.stop())
    const log = captureLog()
    const options = {
      dataDir: 'memory://',
      redisUrl: redis.url,
      indexer: { enabled: false },
      rateLimit: { perIpPerMinute: 4 },
    }
    const first = await createServer({ ...options, logger: { level: 'info', stream: log.stream } })
    const secondLog = captureLog()
    const second = await createServer({
      ...options,
      logger: { level: 'info', stream: secondLog.stream },
    })
    cleanups.push(
      () => first.close(),
      () => second.close(),
    )
    await Promise.all([first.ready(), second.ready()])
    // The cache shares the limits' connection; a read waits until it is up.
    await Promise.all([first.foyer.cache.get('warm-up'), second.foyer.cache.get('warm-up')])
    // Shared: two requests on each process use up the client's 4.
    expect(await statusesOf(first, '/health', 2)).toEqual([200, 200])
    expect(await statusesOf(second, '/health', 3)).toEqual([200, 200, 429])
    expect(log.warnings(outageWarning)).toHaveLength(0)

    await redis.stop()
    // Per process now: `first` counted its own 2 requests and allows 2 more.
    expect(await statusesOf(first, '/health', 4)).toEqual([200, 200, 429, 429])
    expect(log.warnings(outageWarning)).toHaveLength(1)
    // The caches notice the outage when read (a failed reconnection may not have been reported
    // yet): each then reports the connection's return below.
    for (const [server, serverLog] of [
      [first, log],
      [second, secondLog],
    ] as const)
      await vi.waitFor(
        async () => {
          await server.foyer.cache.get('during-outage')
          expect(serverLog.warnings('cache: Redis is unavailable')).toHaveLength(1)
        },
        { timeout: 20_000 },
      )

    // Redis is back on its port (empty: it keeps nothing on disk): shared counting again.
    redis = await startRedis({ port: Number(new URL(redis.url).port) })
    // The cache, on the same connection, reports it ready again.
    await vi.waitFor(() => expect(log.infos('cache: Redis answers again')).toHaveLength(1), {
      timeout: 20_000,
    })
    expect(await statusesOf(first, '/health', 1)).toEqual([200])
    expect(log.infos('API rate limits: Redis answers again')).toHaveLength(1)
    // Each process reconnects on its own schedule: `second` counts in Redis once its connection
    // is back (asked before, it would still count on its own).
    await vi.waitFor(() => expect(secondLog.infos('cache: Redis answers again')).toHaveLength(1), {
      timeout: 20_000,
    })
    // `first` counted 1 in the new Redis: `second` (3 of its own counted before) gets the other 3.
    expect(await statusesOf(second, '/health', 4)).toEqual([200, 200, 200, 429])
    expect(log.warnings(outageWarning)).toHaveLength(1)
    // Two servers on PGlite and two Redis starts: minutes on a busy machine.
  }, 300_000)
})
