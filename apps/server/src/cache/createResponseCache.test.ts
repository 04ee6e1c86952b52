import { describe, expect, it } from 'vitest'
import { createMemoryCache } from './createCache.ts'
import { createResponseCache, entityTag } from './createResponseCache.ts'

describe('createResponseCache', () => {
  it('answers a stored response as the text JSON.stringify gave, with its entity tag', async () => {
    const responses = createResponseCache({ cache: createMemoryCache() })
    const value = { data: [{ id: 'a', name: 'Ä wallet' }], count: 1 }
    const stored = await responses.set('k', value, 1_000)
    expect(stored.body).toBe(JSON.stringify(value))
    expect(stored.etag).toBe(entityTag(JSON.stringify(value)))
    expect(await responses.get('k')).toEqual(stored)
    expect(await responses.get('other')).toBeUndefined()
  })

  it('gives different bodies different tags and equal bodies equal tags', () => {
    expect(entityTag('{"a":1}')).toBe(entityTag('{"a":1}'))
    expect(entityTag('{"a":1}')).not.toBe(entityTag('{"a":2}'))
    expect(entityTag('x')).toMatch(/^"[\w-]+"$/)
  })

  it('keeps an image byte for byte with its content type', async () => {
    const responses = createResponseCache({ cache: createMemoryCache() })
    const data = new Uint8Array([0, 10, 255, 13, 10])
    await responses.setBinary('img', { contentType: 'image/png', data }, 1_000)
    const image = await responses.getBinary('img')
    expect(image?.contentType).toBe('image/png')
    expect([...image!.data]).toEqual([...data])
    expect(image?.etag).toBe(entityTag(Buffer.from(data)))
  })

  it('changes the registry version for every process sharing the cache once it trusts it no longer', async () => {
    let now = 0
    const cache = createMemoryCache({ now: () => now })
    const first = createResponseCache({ cache, now: () => now, versionTtlMs: 1_000 })
    const second = createResponseCache({ cache, now: () => now, versionTtlMs: 1_000 })
    const before = await first.registryVersion()
    expect(await second.registryVersion()).toBe(before)
    await second.invalidateRegistry()
    const after = await second.registryVersion()
    expect(after).not.toBe(before)
    // The other process trusts what it read for a second, then reads the new version.
    expect(await first.registryVersion()).toBe(before)
    now += 1_000
    expect(await first.registryVersion()).toBe(after)
  })
})
