import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartRedisReturnType, startRedis } from '../../test/support/startRedis.ts'
import { createRateLimitStores, type RateLimitStore } from './rateLimitStore.ts'

type Counted = { current: number; ttl: number }

const count = (store: RateLimitStore, key: string, timeWindowMs: number, max: number) =>
  new Promise<Counted>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error) : resolve(result)),
      timeWindowMs,
      max,
    ),
  )

const silentLog = { warn() {}, info() {} } as unknown as FastifyBaseLogger

describe('the rate limit stores each limiter counts in', () => {
  it('count per key in this process without Redis, and exceeding the limit never extends the window', async () => {
    const stores = createRateLimitStores({
      nameSpace: 'foyer:ratelimit:',
      log: silentLog,
      label: 'API',
    })
    const store = stores()
    expect(await count(store, 'ip:a', 60_000, 2)).toMatchObject({ current: 1, ttl: 60_000 })
    await count(store, 'ip:a', 60_000, 2)
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Over the limit: the window keeps running down (no continueExceeding, no backoff).
    const over = await count(store, 'ip:a', 60_000, 2)
    expect(over.current).toBe(3)
    expect(over.ttl).toBeLessThan(60_000)
    expect(over.ttl).toBeGreaterThan(59_000)
    const further = await count(store, 'ip:a', 60_000, 2)
    expect(further.ttl).toBeLessThanOrEqual(over.ttl)
    // Another key, and another limiter's store, count apart.
    expect((await count(store, 'ip:b', 60_000, 2)).current).toBe(1)
    expect((await count(stores(), 'ip:a', 60_000, 2)).current).toBe(1)
  })

  describe('with Redis', () => {
    let redisServer: StartRedisReturnType
    const clients: Redis[] = []
    /** A connected client (a store counts in this process while its client is still connecting). */
    const connect = async () => {
      const client = new Redis(redisServer.url, { maxRetriesPerRequest: 1 })
      clients.push(client)
      await client.ping()
      return client
    }

    beforeAll(async () => {
      redisServer = await startRedis({ port: 0 })
    }, 60_000)
    afterAll(async () => {
      for (const client of clients) client.disconnect()
      await redisServer?.stop()
    })

    it("count in Redis under the plugin's keys, so two processes (or two releases) count together", async () => {
      const first = createRateLimitStores({
        redis: await connect(),
        nameSpace: 'foyer:ratelimit:',
        log: silentLog,
        label: 'API',
      })
      const second = createRateLimitStores({
        redis: await connect(),
        nameSpace: 'foyer:ratelimit:',
        log: silentLog,
        label: 'API',
      })
      expect((await count(first(), 'ip:198.51.100.7', 60_000, 2)).current).toBe(1)
      expect((await count(second(), 'ip:198.51.100.7', 60_000, 2)).current).toBe(2)
      const over = await count(first(), 'ip:198.51.100.7', 60_000, 2)
      expect(over.current).toBe(3)
      // Exceeding keeps the window (no continueExceeding, no backoff): its rest, not a new one.
      expect(over.ttl).toBeLessThanOrEqual(60_000)
      expect(over.ttl).toBeGreaterThan(55_000)
      const later = await count(second(), 'ip:198.51.100.7', 60_000, 2)
      expect(later.ttl).toBeLessThanOrEqual(over.ttl)
      // The key as @fastify/rate-limit's createRateLimit named it (a child store with no route):
      // a process of the previous release counts there too.
      const inspect = await connect()
      expect(await inspect.keys('foyer:ratelimit:*')).toEqual([
        'foyer:ratelimit:undefinedundefined-ip:198.51.100.7',
      ])
      expect(await inspect.get('foyer:ratelimit:undefinedundefined-ip:198.51.100.7')).toBe('4')
    })
  })
})
