import type { Redis } from 'ioredis'
import { type Cache, createMemoryCache, createRedisCache } from './createCache.ts'

/** Where the cache reports an outage and its end (a pino or Fastify logger). */
export type FallbackCacheLog = {
  warn: (object: object, message: string) => void
  info: (message: string) => void
}

export type CreateFallbackCacheParameters = {
  redis: Redis
  /** Key prefix in Redis. Default `foyer:cache:`. */
  prefix?: string | undefined
  log: FallbackCacheLog
  /** The per-process cache used while Redis does not answer. Default: a new memory cache. */
  local?: Cache | undefined
  /** A Redis answer slower than this counts as an outage for that call. Default 1 000 ms. */
  timeoutMs?: number | undefined
}

/** ioredis statuses before the first connection was made. */
const initialStatuses = new Set(['wait', 'connecting', 'connect'])

/**
 * The cache shared by every process using one Redis, that keeps working when Redis does not: while
 * Redis is unreachable or slow, entries are read and written in this process (as without Redis),
 * and from the moment Redis is ready again, in Redis. One warning is logged when an outage starts
 * and one line when it ends; calls in between are silent and never wait for a reconnection.
 */
export function createFallbackCache(parameters: CreateFallbackCacheParameters): Cache {
  const { redis, log, timeoutMs = 1_000 } = parameters
  const shared = createRedisCache({ redis, prefix: parameters.prefix })
  const local = parameters.local ?? createMemoryCache()
  let down = false
  let everReady = redis.status === 'ready'

  const markDown = (error: unknown) => {
    if (down) return
    down = true
    log.warn(
      { err: error },
      'cache: Redis is unavailable; caching per process until it answers again',
    )
  }
  const markUp = () => {
    everReady = true
    if (!down) return
    down = false
    log.info('cache: Redis answers again; the cache is shared between processes')
  }
  redis.on('ready', markUp)
  // Also keeps ioredis from printing every reconnection failure as an unhandled error event.
  redis.on('error', markDown)

  /** Redis while it is ready (or making its first connection), else this process. */
  function run<T>(call: (cache: Cache) => Promise<T>): Promise<T> {
    const usable =
      redis.status === 'ready' || (!everReady && !down && initialStatuses.has(redis.status))
    if (!usable) {
      markDown(new Error(`Redis is ${redis.status}`))
      return call(local)
    }
    return new Promise<T>((resolve, reject) => {
      let settled = false
      const fallback = (error: unknown) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        markDown(error)
        call(local).then(resolve, reject)
      }
      const timer = setTimeout(
        () => fallback(new Error(`Redis did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      )
      call(shared).then((value) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        markUp()
        resolve(value)
      }, fallback)
    })
  }

  return {
    get: <T>(key: string) => run((cache) => cache.get<T>(key)),
    set: (key, value, ttlMs) => run((cache) => cache.set(key, value, ttlMs)),
    getText: (key) => run((cache) => cache.getText(key)),
    setText: (key, text, ttlMs) => run((cache) => cache.setText(key, text, ttlMs)),
    delete: (key) => run((cache) => cache.delete(key)),
  }
}
