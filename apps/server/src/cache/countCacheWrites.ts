import type { Cache } from './createCache.ts'

export type CountCacheWritesReturnType = {
  /** The same cache, counting each write (`set`, `setText`, `delete`) made through it. */
  cache: Cache
  /** Writes made through `cache` so far: an unchanged count means this process wrote nothing. */
  writes: () => number
}

/**
 * Counts the writes a process makes to its cache, so what it derived from a read (an early
 * answer's freshness check) can be trusted until the process itself writes again, without
 * reading the cache on every request.
 */
export function countCacheWrites(cache: Cache): CountCacheWritesReturnType {
  let writes = 0
  return {
    cache: {
      get: (key) => cache.get(key),
      set(key, value, ttlMs) {
        writes++
        return cache.set(key, value, ttlMs)
      },
      getText: (key) => cache.getText(key),
      setText(key, text, ttlMs) {
        writes++
        return cache.setText(key, text, ttlMs)
      },
      delete(key) {
        writes++
        return cache.delete(key)
      },
    },
    writes: () => writes,
  }
}
