import { describe, expect, it } from 'vitest'
import { readFarcasterAccounts } from './readFarcasterAccounts.ts'

const alice = {
  fid: 1,
  username: 'alice',
  displayName: 'Alice Devnet',
  pfpUrl: 'data:image/svg+xml,%3Csvg%2F%3E',
  custodyAddress: '0x57F2DdF45f00519394C7BaB7a71FC0B30CcB6f83',
  custodyPrivateKey: '0xc63c71f4430b3855468d7fc1b883ff2b039294d125162772d1cd2aef5e167328',
  authAddress: '0x6ee84733474f7fBee979bb38B60E7ceb4a5C35AC',
  authPrivateKey: '0xc08e4c3ea0582446e5f1720bc2a2763ed73fe2a439fb3dd69e041c80b8df096c',
}

describe('readFarcasterAccounts', () => {
  it('reads devnet.farcaster.accounts', () => {
    expect(readFarcasterAccounts({ farcaster: { accounts: [alice] } })).toEqual([alice])
  })

  it('gives none for older devnet files and skips malformed entries', () => {
    expect(readFarcasterAccounts({ chains: [] })).toEqual([])
    expect(readFarcasterAccounts(null)).toEqual([])
    expect(readFarcasterAccounts({ farcaster: { accounts: 'alice' } })).toEqual([])
    const accounts = readFarcasterAccounts({
      farcaster: {
        accounts: [
          { ...alice, fid: 0 },
          { ...alice, custodyPrivateKey: '0x1234' },
          { ...alice, username: undefined },
          null,
          { ...alice, fid: 2, authPrivateKey: 'not a key', authAddress: 7 },
        ],
      },
    })
    expect(accounts).toEqual([
      { ...alice, fid: 2, authPrivateKey: undefined, authAddress: undefined },
    ])
  })
})
