import { createRequire } from 'node:module'
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'

type StoreResult = { current: number; ttl: number }
type StoreCallback = (error: Error | null, result?: StoreResult) => void
/** The plugin's own stores (no typings of their own; the contract is `FastifyRateLimitStore`). */
type PluginStore = {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): PluginStore
}
type StoreOptions = FastifyRateLimitOptions & {
  continueExceeding?: boolean
  exponentialBackoff?: boolean
  cache?: number
}
type LocalStoreCtor = new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => PluginStore
type RedisStoreCtor = new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key?: string,
) => PluginStore

const require = createRequire(import.meta.url)
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor

/** ioredis statuses before the first connection was made. */
const initialStatuses = new Set(['wait', 'connecting', 'connect'])
/** A Redis answer slower than this counts as an outage for that request. */
const redisTimeoutMs = 1_000

export type CreateFallbackRateLimitStoreParameters = {
  redis: Redis
  /** Key prefix in Redis, e.g. `foyer:ratelimit:`. */
  nameSpace: string
  log: FastifyBaseLogger
  /** Names the limits in the log (`API`, `frame`). */
  label: string
}

/**
 * A `@fastify/rate-limit` store that counts in Redis (limits shared by every process) and, while
 * Redis is unreachable or slow, in this process: limits never fail open. One warning is logged
 * when an outage starts and one line when Redis answers again; requests in between are silent.
 */
export function createFallbackRateLimitStore({
  redis,
  nameSpace,
  log,
  label,
}: CreateFallbackRateLimitStoreParameters): FastifyRateLimitStoreCtor {
  const health = { down: false }
  const markDown = (error: unknown) => {
    if (health.down) return
    health.down = true
    log.warn(
      { err: error },
      `${label} rate limits: Redis is unavailable; counting per process until it answers again`,
    )
  }
  const markUp = () => {
    if (!health.down) return
    health.down = false
    log.info(`${label} rate limits: Redis answers again; limits are shared between processes`)
  }
  // Also keeps ioredis from printing every reconnection failure as an unhandled error event.
  redis.on('error', markDown)

  const wrap = (shared: PluginStore, local: PluginStore): PluginStore => {
    const call =
      (method: 'incr' | 'read') =>
      (key: string, callback: StoreCallback, timeWindow: number, max: number) => {
        const fallback = (error: unknown) => {
          if (error !== undefined) markDown(error)
          local[method](key, callback, timeWindow, max)
        }
        // Still making its first connection: counted here, and a failure to connect is reported
        // by the connection's own error event.
        if (initialStatuses.has(redis.status)) return fallback(undefined)
        if (redis.status !== 'ready') return fallback(new Error(`Redis is ${redis.status}`))
        let settled = false
        const timer = setTimeout(() => {
          settled = true
          fallback(new Error(`Redis did not answer within ${redisTimeoutMs} ms`))
        }, redisTimeoutMs)
        shared[method](
          key,
          (error, result) => {
            if (settled) return
            settled = true
            clearTimeout(timer)
            if (error || !result) return fallback(error)
            markUp()
            // Count here too, so a later outage starts from a similar count.
            if (method === 'incr') local.incr(key, () => {}, timeWindow, max)
            callback(null, result)
          },
          timeWindow,
          max,
        )
      }
    return {
      incr: call('incr'),
      read: call('read'),
      child: (routeOptions) => wrap(shared.child(routeOptions), local.child(routeOptions)),
    }
  }

  return class FallbackRateLimitStore {
    constructor(options: StoreOptions) {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin only calls `new Store(options)`
      return wrap(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache),
      )
    }
  } as unknown as FastifyRateLimitStoreCtor
}

/** A store of `@fastify/rate-limit`'s making, as a limiter uses it (see `createRateLimiter`). */
export type RateLimitStore = Pick<PluginStore, 'incr'>

export type CreateRateLimitStoresParameters = Omit<
  CreateFallbackRateLimitStoreParameters,
  'redis'
> & { redis?: Redis | undefined }

/**
 * Makes one store per limiter, as `@fastify/rate-limit`'s `createRateLimit` made them: in this
 * process (`LocalStore`), or in Redis with the per-process fallback, under the same Redis keys the
 * plugin used, so processes of the previous release count with this one during a rolling update.
 */
export function createRateLimitStores(
  parameters: CreateRateLimitStoresParameters,
): () => RateLimitStore {
  // The plugin's defaults: a window is never extended by exceeding it.
  const options = { continueExceeding: false, exponentialBackoff: false }
  const { redis } = parameters
  if (!redis) return () => new LocalStore(options.continueExceeding, options.exponentialBackoff)
  const Store = createFallbackRateLimitStore({ ...parameters, redis })
  const root = new Store(options) as unknown as PluginStore
  // `createRateLimit` gives each limiter a child of the plugin's store, with no route.
  return () => root.child({ ...options, routeInfo: {} } as never)
}
