import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { postFungiblePriceBody, postFungiblePriceQuery } from './blockchain.ts'

describe('POST /v1/fungible/price', () => {
  const addresses = ['eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F']

  it('lets the project come in the query, the body or both', () => {
    expect(v.parse(postFungiblePriceBody, { currency: 'usd', addresses }).projectId).toBeUndefined()
    expect(v.parse(postFungiblePriceBody, { projectId: 'p', currency: 'usd', addresses })).toEqual({
      projectId: 'p',
      currency: 'usd',
      addresses,
    })
    expect(v.parse(postFungiblePriceQuery, { projectId: 'p' }).projectId).toBe('p')
    expect(v.parse(postFungiblePriceQuery, {}).projectId).toBeUndefined()
  })

  it('still refuses a malformed project id in the body', () => {
    expect(
      v.safeParse(postFungiblePriceBody, { projectId: 'bad id', currency: 'usd', addresses })
        .success,
    ).toBe(false)
  })
})
