import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  getBalanceParams,
  getHistoryParams,
  historyTransaction,
  postFungiblePriceBody,
  postFungiblePriceQuery,
} from './blockchain.ts'

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

describe('account addresses', () => {
  const bitcoin = [
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
    '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
  ]
  const garbage = [
    'not-an-address!',
    'bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1qb',
    'ltc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    '0x123',
  ]

  it('lets Bitcoin addresses through the balance and history routes', () => {
    for (const address of bitcoin) {
      expect(v.is(getBalanceParams, { address }), address).toBe(true)
      expect(v.is(getHistoryParams, { account: address }), address).toBe(true)
    }
  })

  it('still takes EVM and Solana balances, EVM history, and refuses garbage with one clear message', () => {
    const evm = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const solana = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrADG'
    expect(v.is(getBalanceParams, { address: evm })).toBe(true)
    expect(v.is(getBalanceParams, { address: solana })).toBe(true)
    expect(v.is(getHistoryParams, { account: evm })).toBe(true)
    for (const address of garbage) {
      const result = v.safeParse(getBalanceParams, { address })
      expect(result.success, address).toBe(false)
      expect(result.issues?.[0].message).toMatch(
        /^address must be an EVM address .* or a Bitcoin address/,
      )
      expect(v.is(getHistoryParams, { account: address }), address).toBe(false)
    }
  })

  it('describes a Bitcoin transaction still in the mempool as pending', () => {
    const pending = {
      id: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328:ab',
      metadata: {
        operationType: 'send',
        hash: 'ab',
        minedAt: '2026-01-01T00:00:00.000Z',
        sentFrom: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
        sentTo: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
        status: 'pending',
        nonce: 0,
        chain: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        blockNumber: '',
      },
      transfers: [],
    }
    expect(v.is(historyTransaction, pending)).toBe(true)
    expect(
      v.is(historyTransaction, { ...pending, metadata: { ...pending.metadata, status: 'lost' } }),
    ).toBe(false)
  })
})
