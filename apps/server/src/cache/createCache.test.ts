import { describe, expect, it } from 'vitest'
import { createMemoryCache } from './createCache.ts'

describe('createMemoryCache', () => {
  it('returns a value until its time to live has passed', async () => {
    let time = 1_000
    const cache = createMemoryCache({ now: () => time })
    await cache.set('balance', { value: 1 }, 30_000)
    time += 29_999
    expect(await cache.get('balance')).toEqual({ value: 1 })
    time += 1
    expect(await cache.get('balance')).toBeUndefined()
  })

  it('evicts the oldest entry when full', async () => {
    const cache = createMemoryCache({ maxEntries: 2 })
    await cache.set('a', 1, 60_000)
    await cache.set('b', 2, 60_000)
    await cache.set('c', 3, 60_000)
    expect(await cache.get('a')).toBeUndefined()
    expect(await cache.get('c')).toBe(3)
  })

  it('hands out copies, so a caller cannot change the cached value', async () => {
    const cache = createMemoryCache()
    await cache.set('k', { list: [1] }, 60_000)
    const first = await cache.get<{ list: number[] }>('k')
    first?.list.push(2)
    expect(await cache.get('k')).toEqual({ list: [1] })
  })
})
