import { describe, expect, it } from 'vitest'
import { createMemoryCache } from './createCache.ts'
import { createResponseCache, entityTag } from './createResponseCache.ts'

describe('createResponseCache', () => {
  it('answers a stored response as the text JSON.stringify gave, with its entity tag', async () => {
    const responses = createResponseCache({ cache: createMemoryCache() })
    const value = { data: [{ id: 'a', name: 'Ä wallet' }], count: 1 }
    const stored = await responses.set('k', value, 1_000)
    expect(stored.body.toString()).toBe(JSON.stringify(value))
    expect(stored.contentType).toBe('application/json; charset=utf-8')
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
    expect([...image!.body]).toEqual([...data])
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

  it('reads the registry version once for requests arriving together, and again before it runs out', async () => {
    let now = 0
    const cache = createMemoryCache({ now: () => now })
    let reads = 0
    const counted = {
      ...cache,
      getText: (key: string) => {
        reads++
        return cache.getText(key)
      },
    }
    const writer = createResponseCache({ cache, now: () => now })
    const version = await writer.registryVersion()
    const responses = createResponseCache({ cache: counted, now: () => now, versionTtlMs: 1_000 })
    expect(responses.peekRegistryVersion()).toBeUndefined()
    const versions = await Promise.all(Array.from({ length: 20 }, responses.registryVersion))
    expect(versions).toEqual(Array(20).fill(version))
    expect(reads).toBe(1)
    // Past half its trust: still answered at once, read again in the background (once).
    now = 500
    expect(responses.peekRegistryVersion()).toBe(version)
    expect(await responses.registryVersion()).toBe(version)
    expect(reads).toBe(2)
    // Trusted from when that read was asked: past the first read's second, no request waits.
    now = 1_200
    expect(responses.peekRegistryVersion()).toBe(version)
    // Another process's invalidation is answered within a second of it.
    await writer.invalidateRegistry()
    const changed = await writer.registryVersion()
    now = 2_200
    expect(responses.peekRegistryVersion()).toBeUndefined()
    expect(await responses.registryVersion()).toBe(changed)
  })

  it('keeps its own invalidation over a read of the version that was under way', async () => {
    const cache = createMemoryCache()
    let release: () => void = () => {}
    const slow = {
      ...cache,
      getText: async (key: string) => {
        const text = await cache.getText(key)
        await new Promise<void>((resolve) => {
          release = resolve
        })
        return text
      },
    }
    const responses = createResponseCache({ cache: slow })
    await cache.setText('response:registry-version', 'old', 60_000)
    const reading = responses.registryVersion()
    await new Promise((resolve) => setTimeout(resolve, 0))
    await responses.invalidateRegistry()
    const invalidated = responses.peekRegistryVersion()
    expect(invalidated).not.toBe('old')
    release()
    await reading
    expect(responses.peekRegistryVersion()).toBe(invalidated)
  })

  it('answers what another process stored under a key, and keeps the answer of an immutable key without asking', async () => {
    let now = 0
    const cache = createMemoryCache({ now: () => now })
    const first = createResponseCache({ cache, now: () => now })
    const second = createResponseCache({ cache, now: () => now })
    await first.set('list', { n: 1 }, 60_000)
    expect((await second.get('list'))?.body.toString()).toBe('{"n":1}')
    // The stored text changed (another process stored it afresh): the new one is answered.
    await first.set('list', { n: 2 }, 60_000)
    expect((await second.get('list'))?.body.toString()).toBe('{"n":2}')
    // An immutable key (a registry version names it) is answered as prepared for its lifetime.
    await first.set('list', { n: 3 }, 60_000)
    expect((await second.get('list', { immutableMs: 1_000 }))?.body.toString()).toBe('{"n":2}')
    now += 1_000
    expect((await second.get('list', { immutableMs: 1_000 }))?.body.toString()).toBe('{"n":3}')
  })

  it('prepares an unchanged stored answer once: its bytes and compressed copies are reused', async () => {
    const responses = createResponseCache({ cache: createMemoryCache() })
    await responses.set('k', { wallets: 'x'.repeat(2_000) }, 60_000)
    const first = await responses.get('k')
    expect(await responses.get('k')).toBe(first)
    expect(first?.compressible).toBe(true)
  })
})
