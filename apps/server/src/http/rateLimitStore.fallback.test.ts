import { EventEmitter } from 'node:events'
import type { FastifyRateLimitOptions } from '@fastify/rate-limit'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFallbackRateLimitStore } from './rateLimitStore.ts'

type Result = { current: number; ttl: number }
type Store = {
  incr(
    key: string,
    callback: (error: Error | null, result?: Result) => void,
    w: number,
    m: number,
  ): void
  read(
    key: string,
    callback: (error: Error | null, result?: Result) => void,
    w: number,
    m: number,
  ): void
  child(options: unknown): Store
}

/**
 * A stand-in for ioredis with the commands @fastify/rate-limit defines: counts per key, and can
 * be made to fail (`error`) or never answer (`hang`); `status` is ioredis' connection status.
 */
function fakeRedis() {
  const emitter = new EventEmitter()
  const counts = new Map<string, number>()
  const calls: { command: string; args: unknown[] }[] = []
  const redis = Object.assign(emitter, {
    status: 'ready',
    mode: 'answer' as 'answer' | 'error' | 'hang',
    counts,
    calls,
    /** Answers held back while hanging, to deliver late. */
    late: [] as (() => void)[],
    defineCommand(name: string) {
      ;(redis as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        const callback = args.pop() as (error: Error | null, result?: [number, number]) => void
        const key = args[0] as string
        calls.push({ command: name, args })
        const answer = () => {
          if (name === 'rateLimit') counts.set(key, (counts.get(key) ?? 0) + 1)
          callback(null, [counts.get(key) ?? 0, 60_000])
        }
        if (redis.mode === 'error') return callback(new Error('READONLY replica'))
        if (redis.mode === 'hang') return void redis.late.push(answer)
        answer()
      }
    },
  })
  return redis
}

function fakeLog() {
  const warn = vi.fn()
  const info = vi.fn()
  return { log: { warn, info } as unknown as FastifyBaseLogger, warn, info }
}

const outage = 'API rate limits: Redis is unavailable; counting per process until it answers again'
const recovered = 'API rate limits: Redis answers again; limits are shared between processes'

/** The plugin's options, with those its stores read (continueExceeding, exponentialBackoff, cache). */
type StoreOptions = Partial<FastifyRateLimitOptions> & {
  continueExceeding?: boolean
  exponentialBackoff?: boolean
  cache?: number
}

function setup(options: StoreOptions = {}) {
  const redis = fakeRedis()
  const { log, warn, info } = fakeLog()
  const Store = createFallbackRateLimitStore({
    redis: redis as unknown as Redis,
    nameSpace: 'foyer:ratelimit:',
    log,
    label: 'API',
  })
  const store = new Store(options as FastifyRateLimitOptions) as unknown as Store
  const incr = (key: string, window = 60_000, max = 3) =>
    new Promise<Result>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), window, max),
    )
  const read = (key: string, window = 60_000, max = 3) =>
    new Promise<Result>((resolve, reject) =>
      store.read(key, (error, result) => (error ? reject(error) : resolve(result!)), window, max),
    )
  return { redis, store, incr, read, warn, info }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('rate limits with a fallback store', () => {
  it('counts in Redis under the namespace while it answers, without logging', async () => {
    const { redis, incr, warn, info } = setup()
    expect((await incr('1.2.3.4')).current).toBe(1)
    expect(await incr('1.2.3.4')).toEqual({ current: 2, ttl: 60_000 })
    expect(redis.counts.get('foyer:ratelimit:1.2.3.4')).toBe(2)
    expect(redis.calls[0]!.args.slice(0, 3)).toEqual(['foyer:ratelimit:1.2.3.4', 60_000, 3])
    expect(warn).not.toHaveBeenCalled()
    expect(info).not.toHaveBeenCalled()
  })

  it('passes continueExceeding and exponentialBackoff on to Redis', async () => {
    const { redis, incr } = setup({ continueExceeding: true, exponentialBackoff: false })
    await incr('k')
    expect(redis.calls[0]!.args.slice(3)).toEqual([true, false])
  })

  it('counts in the process while Redis makes its first connection, without a warning', async () => {
    for (const status of ['wait', 'connecting', 'connect']) {
      const { redis, incr, warn } = setup()
      redis.status = status
      expect((await incr('k')).current).toBe(1)
      expect((await incr('k')).current).toBe(2)
      expect(redis.calls).toEqual([])
      expect(warn).not.toHaveBeenCalled()
    }
  })

  it('never fails open: counts in the process when Redis is down, and warns once', async () => {
    for (const status of ['reconnecting', 'end', 'close']) {
      const { redis, incr, warn } = setup()
      redis.status = status
      const counts = [
        (await incr('k')).current,
        (await incr('k')).current,
        (await incr('k')).current,
      ]
      expect(counts).toEqual([1, 2, 3])
      expect(redis.calls).toEqual([])
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn).toHaveBeenCalledWith({ err: new Error(`Redis is ${status}`) }, outage)
    }
  })

  it('counts in the process when Redis answers with an error', async () => {
    const { redis, incr, warn } = setup()
    redis.mode = 'error'
    expect((await incr('k')).current).toBe(1)
    expect((await incr('k')).current).toBe(2)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0].err.message).toBe('READONLY replica')
  })

  it('warns when the connection reports an error, once per outage', async () => {
    const { redis, incr, warn, info } = setup()
    const error = new Error('connect ECONNREFUSED')
    redis.emit('error', error)
    redis.emit('error', error)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith({ err: error }, outage)
    // Redis answers again: one line, then silence.
    await incr('k')
    await incr('k')
    expect(info).toHaveBeenCalledTimes(1)
    expect(info).toHaveBeenCalledWith(recovered)
    // A new outage warns again.
    redis.emit('error', error)
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('continues an outage from the count Redis had reached', async () => {
    const { redis, incr } = setup()
    await incr('k')
    await incr('k')
    redis.status = 'reconnecting'
    // The process counted along: the third request is the third, not the first.
    expect((await incr('k')).current).toBe(3)
  })

  it('falls back when Redis does not answer within 1 s, and ignores its late answer', async () => {
    vi.useFakeTimers()
    const { redis, store, warn } = setup()
    redis.mode = 'hang'
    const answers: Result[] = []
    store.incr('k', (_error, result) => answers.push(result!), 60_000, 3)
    await vi.advanceTimersByTimeAsync(999)
    expect(answers).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(answers).toEqual([{ current: 1, ttl: 60_000, iterationStartMs: expect.any(Number) }])
    expect(warn).toHaveBeenCalledWith(
      { err: new Error('Redis did not answer within 1000 ms') },
      outage,
    )
    // Redis answers at last: the request was answered already.
    for (const late of redis.late) late()
    expect(answers).toHaveLength(1)
  })

  it('answers once when Redis answers in time: no fallback follows', async () => {
    vi.useFakeTimers()
    const { store, warn } = setup()
    const answers: Result[] = []
    store.incr('k', (_error, result) => answers.push(result!), 60_000, 3)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(answers).toEqual([{ current: 1, ttl: 60_000 }])
    expect(warn).not.toHaveBeenCalled()
  })

  it('reads without counting, from Redis or else from the process', async () => {
    const { redis, incr, read } = setup()
    await incr('k')
    expect(await read('k')).toEqual({ current: 1, ttl: 60_000 })
    expect(await read('k')).toEqual({ current: 1, ttl: 60_000 })
    expect(redis.calls.at(-1)!.command).toBe('rateLimitRead')
    redis.status = 'end'
    expect((await read('k')).current).toBe(1)
    expect((await incr('k')).current).toBe(2)
  })

  it('keeps per-route counts apart, in Redis and in the process', async () => {
    const { redis, store, incr } = setup()
    const route = store.child({
      routeInfo: { method: 'POST', url: '/v1/embedded/email/otp' },
    })
    const routeIncr = (key: string) =>
      new Promise<Result>((resolve) => route.incr(key, (_e, r) => resolve(r!), 60_000, 3))
    await incr('k')
    expect((await routeIncr('k')).current).toBe(1)
    expect(redis.counts.get('foyer:ratelimit:POST/v1/embedded/email/otp-k')).toBe(1)
    redis.status = 'end'
    expect((await routeIncr('k')).current).toBe(2)
    expect((await incr('k')).current).toBe(2)
  })

  it('applies the limit options to the process count too (exponential backoff, cache size)', async () => {
    const backoff = setup({ exponentialBackoff: true })
    backoff.redis.status = 'end'
    const ttls: number[] = []
    for (let i = 0; i < 5; i++) ttls.push((await backoff.incr('k', 1000, 2)).ttl)
    // Past the limit of 2 the window doubles with each request.
    expect(ttls.slice(2)).toEqual([1000, 2000, 4000])

    const exceeding = setup({ continueExceeding: true })
    exceeding.redis.status = 'end'
    vi.useFakeTimers({ toFake: ['Date'] })
    await exceeding.incr('k', 1000, 1)
    vi.advanceTimersByTime(600)
    // Over the limit: the window starts again instead of running out.
    expect((await exceeding.incr('k', 1000, 1)).ttl).toBe(1000)

    const small = setup({ cache: 1 })
    small.redis.status = 'end'
    await small.incr('a')
    await small.incr('b')
    // A cache of one key: counting b dropped a.
    expect((await small.incr('a')).current).toBe(1)
  })
})
