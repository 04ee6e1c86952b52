import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { postFungiblePriceBody } from './blockchain.ts'
import { describeIssues } from './issues.ts'
import { getWalletsQuery } from './walletService.ts'

describe('describeIssues', () => {
  it('names the query field that failed', () => {
    const result = v.safeParse(getWalletsQuery, { projectId: 'p', entries: '41' })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(describeIssues(result.issues)).toEqual({
      field: 'entries',
      message: 'entries: entries must be at most 40',
    })
  })

  it('names the array element that failed', () => {
    const result = v.safeParse(postFungiblePriceBody, {
      projectId: 'p',
      currency: 'usd',
      addresses: ['eip155:1:0x0000000000000000000000000000000000000001', 'nope'],
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(describeIssues(result.issues).field).toBe('addresses.1')
  })
})
