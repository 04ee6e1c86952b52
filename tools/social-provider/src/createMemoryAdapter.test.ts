import { describe, expect, it } from 'vitest'
import { createMemoryAdapter } from './createMemoryAdapter.ts'

describe('createMemoryAdapter', () => {
  it('keeps models apart, expires entries and finds sessions by uid', async () => {
    let now = 1_000_000
    const { factory, clear } = createMemoryAdapter(() => now)
    const sessions = factory('Session')
    const codes = factory('AuthorizationCode')
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 10)
    await codes.upsert('s1', { grantId: 'g1' }, 60)
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a' })
    expect(await codes.find('s1')).toMatchObject({ grantId: 'g1' })
    now += 11_000
    expect(await sessions.find('s1')).toBeUndefined()
    expect(await codes.find('s1')).toBeDefined()
    await codes.consume('s1')
    expect((await codes.find('s1'))?.consumed).toBe(Math.floor(now / 1000))
    clear()
    expect(await codes.find('s1')).toBeUndefined()
  })

  it('revokes everything of a grant', async () => {
    const { factory } = createMemoryAdapter()
    await factory('AccessToken').upsert('t1', { grantId: 'g' }, 60)
    await factory('AuthorizationCode').upsert('c1', { grantId: 'g' }, 60)
    await factory('AccessToken').upsert('t2', { grantId: 'other' }, 60)
    await factory('AccessToken').revokeByGrantId('g')
    expect(await factory('AccessToken').find('t1')).toBeUndefined()
    expect(await factory('AuthorizationCode').find('c1')).toBeUndefined()
    expect(await factory('AccessToken').find('t2')).toBeDefined()
  })

  it('keeps working across its periodic sweeps of expired entries', async () => {
    let now = 0
    const { factory } = createMemoryAdapter(() => now)
    const tokens = factory('AccessToken')
    for (let index = 0; index < 300; index++) {
      await tokens.upsert(`t${index}`, { grantId: `g${index}` }, 1)
      now += 10
    }
    now += 10_000
    await tokens.upsert('fresh', { grantId: 'g-fresh' }, 60)
    expect(await tokens.find('fresh')).toBeDefined()
    expect(await tokens.find('t0')).toBeUndefined()
  })
})
