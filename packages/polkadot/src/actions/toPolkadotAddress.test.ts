import { describe, expect, it } from 'vitest'
import { toPolkadotAddress } from './toPolkadotAddress.ts'

// One account (`//Alice`'s public key) in three formats.
const alice = {
  generic: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  polkadot: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
  kusama: 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F',
}

describe('toPolkadotAddress', () => {
  it('formats an account for the network, whatever format it was entered in', async () => {
    for (const entered of Object.values(alice)) {
      expect(await toPolkadotAddress({ address: entered, ss58Prefix: 0 })).toBe(alice.polkadot)
      expect(await toPolkadotAddress({ address: entered, ss58Prefix: 2 })).toBe(alice.kusama)
      expect(await toPolkadotAddress({ address: ` ${entered} ` })).toBe(alice.generic)
    }
  })

  it.each([
    ['empty', ''],
    ['a typo (checksum)', `${alice.generic.slice(0, -1)}Z`],
    ['truncated', alice.generic.slice(0, 20)],
    ['an Ethereum address', '0x8ba1f109551bd432803012645ac136ddd64dba72'],
    ['a hex public key', `0x${'d4'.repeat(32)}`],
    ['not base58', 'O0Il'.repeat(12)],
  ])("refuses %s with 'Invalid Polkadot address'", async (_, address) => {
    await expect(toPolkadotAddress({ address })).rejects.toMatchObject({
      name: 'InvalidPolkadotAddressError',
      shortMessage: 'Invalid Polkadot address',
      address,
    })
  })
})
