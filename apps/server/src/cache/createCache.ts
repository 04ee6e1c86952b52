import type { Redis } from 'ioredis'

/** A key/value cache with expiry. Values must be JSON-serialisable. */
export type Cache = {
  get: <T>(key: string) => Promise<T | undefined>
  set: (key: string, value: unknown, ttlMs: number) => Promise<void>
  /**
   * The stored text as is: what `set` stored is its JSON, so a hot path can answer it without
   * parsing and serialising it again.
   */
  getText: (key: string) => Promise<string | undefined>
  /** Stores `text` as is; `get` parses it, so it must be JSON when `get` reads the key. */
  setText: (key: string, text: string, ttlMs: number) => Promise<void>
  delete: (key: string) => Promise<void>
}

export type CreateMemoryCacheParameters = { maxEntries?: number; now?: () => number }

/** Per-process cache; the oldest entry is evicted when full. */
export function createMemoryCache(parameters: CreateMemoryCacheParameters = {}): Cache {
  const maxEntries = parameters.maxEntries ?? 10_000
  const now = parameters.now ?? Date.now
  const entries = new Map<string, { value: string; expiresAt: number }>()
  function read(key: string): string | undefined {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry.value
  }
  function write(key: string, value: string, ttlMs: number): void {
    entries.delete(key)
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next()
      if (!oldest.done) entries.delete(oldest.value)
    }
    entries.set(key, { value, expiresAt: now() + ttlMs })
  }
  return {
    async get<T>(key: string) {
      const value = read(key)
      // Stored as JSON so callers never share (and mutate) one object, as with Redis.
      return value === undefined ? undefined : (JSON.parse(value) as T)
    },
    async set(key, value, ttlMs) {
      write(key, JSON.stringify(value), ttlMs)
    },
    async getText(key) {
      return read(key)
    },
    async setText(key, text, ttlMs) {
      write(key, text, ttlMs)
    },
    async delete(key) {
      entries.delete(key)
    },
  }
}

export type CreateRedisCacheParameters = { redis: Redis; prefix?: string }

/** Cache shared by every server process using the same Redis. */
export function createRedisCache({
  redis,
  prefix = 'foyer:cache:',
}: CreateRedisCacheParameters): Cache {
  return {
    async get<T>(key: string) {
      const value = await redis.get(prefix + key)
      return value === null ? undefined : (JSON.parse(value) as T)
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)))
    },
    async getText(key) {
      return (await redis.get(prefix + key)) ?? undefined
    },
    async setText(key, text, ttlMs) {
      await redis.set(prefix + key, text, 'PX', Math.max(1, Math.round(ttlMs)))
    },
    async delete(key) {
      await redis.del(prefix + key)
    },
  }
}
