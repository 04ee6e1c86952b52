import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage, parseCookie } from './createStorage.ts'
import { addRecentWallet } from './recentWallets.ts'

describe('createStorage', () => {
  it('stores JSON values under the key prefix', () => {
    const backing = createMemoryStorage()
    const storage = createStorage({ storage: backing, key: 'app' })
    storage.setItem('recentWallets', ['a'])
    expect(backing.getItem('app.recentWallets')).toBe('["a"]')
    expect(storage.getItem('recentWallets')).toEqual(['a'])
    storage.removeItem('recentWallets')
    expect(storage.getItem('recentWallets', [])).toEqual([])
  })

  it('answers the default for unreadable values instead of throwing', () => {
    const backing = createMemoryStorage()
    backing.setItem('foyer.x', '{not json')
    expect(createStorage({ storage: backing }).getItem('x', 'fallback')).toBe('fallback')
  })

  it('gives every memory storage its own items', () => {
    const first = createMemoryStorage()
    first.setItem('k', 'v')
    expect(createMemoryStorage().getItem('k')).toBeNull()
  })

  it('reads a cookie by name', () => {
    expect(parseCookie('a=1; foyer.activeNamespace=%22eip155%22', 'foyer.activeNamespace')).toBe(
      '"eip155"',
    )
    expect(parseCookie('a=1', 'b')).toBeNull()
  })
})

describe('addRecentWallet', () => {
  it('keeps at most 2, most recent first, without duplicates', () => {
    expect(addRecentWallet([], 'a')).toEqual(['a'])
    expect(addRecentWallet(['a'], 'b')).toEqual(['b', 'a'])
    expect(addRecentWallet(['b', 'a'], 'c')).toEqual(['c', 'b'])
    expect(addRecentWallet(['b', 'a'], 'a')).toEqual(['a', 'b'])
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd')), (ids) => {
        const recent = ids.reduce<string[]>((list, id) => addRecentWallet(list, id), [])
        expect(recent.length).toBeLessThanOrEqual(2)
        expect(new Set(recent).size).toBe(recent.length)
        if (ids.length) expect(recent[0]).toBe(ids[ids.length - 1])
      }),
    )
  })
})
