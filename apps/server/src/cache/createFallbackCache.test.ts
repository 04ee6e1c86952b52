import { Redis } from 'ioredis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { type StartRedisReturnType, startRedis } from '../../test/support/startRedis.ts'
import { createFallbackCache } from './createFallbackCache.ts'

function captureLog() {
  const warnings: string[] = []
  const infos: string[] = []
  return {
    warnings,
    infos,
    log: {
      warn: (_object: object, message: string) => void warnings.push(message),
      info: (message: string) => void infos.push(message),
    },
  }
}

describe('createFallbackCache', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('caches per process while Redis is stopped, warns once, and shares again once it is back', async () => {
    let redisServer: StartRedisReturnType = await startRedis({ port: 0 })
    cleanups.push(() => redisServer.stop())
    const port = Number(new URL(redisServer.url).port)
    // The server's connection options: commands queue while it reconnects.
    const redis = new Redis(redisServer.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    // What another server process sees.
    const other = new Redis(redisServer.url, { maxRetriesPerRequest: 2, lazyConnect: true })
    other.on('error', () => undefined)
    cleanups.push(
      () => redis.disconnect(),
      () => other.disconnect(),
    )
    const { log, warnings, infos } = captureLog()
    const cache = createFallbackCache({ redis, log, prefix: 'test:' })

    await cache.setText('wallets', '{"count":1}', 60_000)
    expect(await other.get('test:wallets')).toBe('{"count":1}')
    expect(await cache.get('wallets')).toEqual({ count: 1 })

    await redisServer.stop()
    // Every call answers, from this process, without waiting for Redis.
    expect(await cache.getText('wallets')).toBeUndefined()
    await cache.setText('wallets', '{"count":2}', 60_000)
    await cache.set('price', { usd: 3 }, 60_000)
    expect(await cache.getText('wallets')).toBe('{"count":2}')
    expect(await cache.get('price')).toEqual({ usd: 3 })
    await cache.delete('price')
    expect(await cache.get('price')).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await cache.getText('wallets')).toBe('{"count":2}')
    expect(warnings).toEqual([
      'cache: Redis is unavailable; caching per process until it answers again',
    ])

    redisServer = await startRedis({ port })
    await vi.waitFor(() => expect(redis.status).toBe('ready'), { timeout: 10_000 })
    // The restarted Redis is empty (not persisted): what was cached during the outage stayed in
    // the process, and new entries are shared again.
    expect(await cache.getText('wallets')).toBeUndefined()
    await cache.setText('wallets', '{"count":3}', 60_000)
    expect(await other.get('test:wallets')).toBe('{"count":3}')
    expect(infos).toEqual(['cache: Redis answers again; the cache is shared between processes'])
    expect(warnings).toHaveLength(1)
  }, 30_000)

  it('answers from the process when Redis is slower than its timeout', async () => {
    const redisServer = await startRedis({ port: 0 })
    cleanups.push(() => redisServer.stop())
    const redis = new Redis(redisServer.url, { maxRetriesPerRequest: 2 })
    const blocker = new Redis(redisServer.url)
    cleanups.push(
      () => redis.disconnect(),
      () => blocker.disconnect(),
    )
    const { log, warnings } = captureLog()
    const cache = createFallbackCache({ redis, log, timeoutMs: 100 })
    await cache.setText('k', 'shared', 60_000)
    // Redis runs one command at a time: a slow script holds every other client.
    const busy = blocker
      .eval(
        'local t = redis.call("TIME") while true do local n = redis.call("TIME") if (n[1] - t[1]) * 1000000 + n[2] - t[2] > 600000 then break end end return 1',
        0,
      )
      .catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const started = Date.now()
    expect(await cache.getText('k')).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(500)
    expect(warnings).toHaveLength(1)
    await busy
  }, 30_000)
})
