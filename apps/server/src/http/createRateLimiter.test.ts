import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './createRateLimiter.ts'
import { createRateLimitStores, type RateLimitStore } from './rateLimitStore.ts'

const request = () => ({ headers: {} }) as IncomingMessage
const localStore = () =>
  createRateLimitStores({ nameSpace: 'test:', log: undefined as never, label: 'test' })()

describe('createRateLimiter', () => {
  it('decides at once with the per-process store, and refuses past the limit until the window ends', () => {
    const limit = createRateLimiter({ store: localStore(), max: 2, timeWindowMs: 60_000 })
    expect(limit(request(), 'ip:a')).toEqual({ isExceeded: false, ttlInSeconds: 60 })
    expect(limit(request(), 'ip:a')).toEqual({ isExceeded: false, ttlInSeconds: 60 })
    expect(limit(request(), 'ip:a')).toEqual({ isExceeded: true, ttlInSeconds: 60 })
    expect(limit(request(), 'ip:b')).toEqual({ isExceeded: false, ttlInSeconds: 60 })
  })

  it('counts a request once, however often the fast lane and the route ask', () => {
    const limit = createRateLimiter({ store: localStore(), max: 1, timeWindowMs: 60_000 })
    const asked = request()
    expect(limit(asked, 'ip:a')).toMatchObject({ isExceeded: false })
    expect(limit(asked, 'ip:a')).toMatchObject({ isExceeded: false })
    expect(limit(request(), 'ip:a')).toMatchObject({ isExceeded: true })
  })

  it('counts every call when asked to (error reports, several to a request)', () => {
    const limit = createRateLimiter({
      store: localStore(),
      max: 1,
      timeWindowMs: 60_000,
      oncePerRequest: false,
    })
    const asked = request()
    expect(limit(asked, 'errors:a')).toMatchObject({ isExceeded: false })
    expect(limit(asked, 'errors:a')).toMatchObject({ isExceeded: true })
  })

  it('waits for a store that answers later (Redis), and hands the route the same decision', async () => {
    let calls = 0
    const store: RateLimitStore = {
      incr(_key, callback) {
        calls++
        setTimeout(() => callback(null, { current: 3, ttl: 1_500 }), 1)
      },
    }
    const limit = createRateLimiter({ store, max: 2, timeWindowMs: 60_000 })
    const asked = request()
    const first = limit(asked, 'ip:a')
    expect(first).toBeInstanceOf(Promise)
    expect(limit(asked, 'ip:a')).toBe(first)
    await expect(first).resolves.toEqual({ isExceeded: true, ttlInSeconds: 2 })
    expect(calls).toBe(1)
  })

  it('fails the request when the store fails, at once or later', async () => {
    const failing = (later: boolean): RateLimitStore => ({
      incr(_key, callback) {
        if (later) setTimeout(() => callback(new Error('down')), 1)
        else callback(new Error('down'))
      },
    })
    for (const later of [false, true]) {
      const limit = createRateLimiter({ store: failing(later), max: 2, timeWindowMs: 60_000 })
      await expect(limit(request(), 'ip:a')).rejects.toHaveProperty('message', 'down')
    }
  })
})

describe('createRateLimiter, when the store misbehaves', () => {
  it('fails the request when the store reports an error, even beside a count', async () => {
    const store: RateLimitStore = {
      incr(_key, callback) {
        callback(new Error('READONLY replica'), { current: 1, ttl: 60_000 })
      },
    }
    const limit = createRateLimiter({ store, max: 2, timeWindowMs: 60_000 })
    // (`rejects.toThrow` would also pass on a rejection with no error at all.)
    await expect(limit(request(), 'ip:a')).rejects.toHaveProperty('message', 'READONLY replica')
  })

  it('fails the request when the store answers nothing, at once or later', async () => {
    for (const later of [false, true]) {
      const store: RateLimitStore = {
        incr(_key, callback) {
          if (later) setTimeout(() => callback(null), 1)
          else callback(null)
        },
      }
      const limit = createRateLimiter({ store, max: 2, timeWindowMs: 60_000 })
      await expect(limit(request(), 'ip:a')).rejects.toHaveProperty(
        'message',
        'The rate limit store answered nothing',
      )
    }
  })

  it('counts one request again under another key: a decision is kept for its own key only', () => {
    const limit = createRateLimiter({ store: localStore(), max: 1, timeWindowMs: 60_000 })
    const asked = request()
    expect(limit(asked, 'ip:a')).toMatchObject({ isExceeded: false })
    expect(limit(request(), 'ip:b')).toMatchObject({ isExceeded: false })
    // The same request under key b: counted there (b's second), not handed a's decision.
    expect(limit(asked, 'ip:b')).toMatchObject({ isExceeded: true })
  })
})
