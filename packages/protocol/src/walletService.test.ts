import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { describeIssues } from './issues.ts'
import { getWalletsQuery, maxWalletsPerPage } from './walletService.ts'

describe('getWalletsQuery', () => {
  it('defaults to the first page of 40 wallets', () => {
    expect(v.parse(getWalletsQuery, { projectId: 'p' })).toMatchObject({ page: 1, entries: 40 })
  })

  it('splits comma-separated ids and chains', () => {
    const query = v.parse(getWalletsQuery, {
      projectId: 'p',
      include: 'a, b,,c',
      chains: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(query.include).toEqual(['a', 'b', 'c'])
    expect(query.chains).toEqual(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
  })

  it('accepts exactly the page sizes 1 to 40, given as number or string', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.boolean(), (entries, asString) => {
        const result = v.safeParse(getWalletsQuery, {
          projectId: 'p',
          entries: asString ? String(entries) : entries,
        })
        expect(result.success).toBe(entries >= 1 && entries <= maxWalletsPerPage)
      }),
    )
  })

  it('refuses non-numeric pages', () => {
    for (const page of ['', 'abc', '1.5', '1e400', '0x10 ']) {
      expect(v.safeParse(getWalletsQuery, { projectId: 'p', page }).success).toBe(false)
    }
  })
})

describe('getWalletsQuery search', () => {
  it('refuses control characters and lone surrogates, naming search', () => {
    for (const search of ['\u0000', 'meta\nmask', 'x\u001b', '\ud83d']) {
      const result = v.safeParse(getWalletsQuery, { projectId: 'p', search })
      expect(result.success).toBe(false)
      if (result.success) continue
      expect(describeIssues(result.issues)).toEqual({
        field: 'search',
        message: 'search: search must not contain control characters or invalid Unicode',
      })
    }
    expect(v.parse(getWalletsQuery, { projectId: 'p', search: 'Trust Wallet 🛡' }).search).toBe(
      'Trust Wallet 🛡',
    )
  })
})
