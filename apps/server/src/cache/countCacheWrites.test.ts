import { describe, expect, it } from 'vitest'
import { countCacheWrites } from './countCacheWrites.ts'
import { createMemoryCache } from './createCache.ts'

describe('countCacheWrites', () => {
  it('counts every write made through the cache and none of its reads', async () => {
    const { cache, writes } = countCacheWrites(createMemoryCache())
    await cache.setText('balance:1', '[]', 30_000)
    await cache.set('identity:1', { name: null }, 30_000)
    expect(writes()).toBe(2)
    expect(await cache.getText('balance:1')).toBe('[]')
    expect(await cache.get('identity:1')).toEqual({ name: null })
    expect(writes()).toBe(2)
    await cache.delete('balance:1')
    expect(writes()).toBe(3)
    expect(await cache.getText('balance:1')).toBeUndefined()
  })
})
