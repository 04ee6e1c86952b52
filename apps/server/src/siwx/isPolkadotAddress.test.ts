import { toPolkadotAddress } from '@foyer/polkadot'
import { describe, expect, it } from 'vitest'
import { isPolkadotAddress } from './isPolkadotAddress.ts'

const alice = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'

/** What the Polkadot adapter says of an address, the reference for these checks. */
const adapterAccepts = async (address: string) => {
  try {
    await toPolkadotAddress({ address })
    return true
  } catch {
    return false
  }
}

describe('isPolkadotAddress', () => {
  it("accepts an account in any chain's format, 1- and 2-byte prefixes", async () => {
    for (const ss58Prefix of [0, 2, 42, 63, 64, 1284, 16383]) {
      const address = await toPolkadotAddress({ address: alice, ss58Prefix })
      expect(isPolkadotAddress(address), `${ss58Prefix}: ${address}`).toBe(true)
    }
  })

  it('judges every one-character change of an address as the Polkadot adapter does', async () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
    let refused = 0
    for (let at = 0; at < alice.length; at++) {
      const next = alphabet[(alphabet.indexOf(alice[at]!) + 1 + at) % 58]!
      const changed = `${alice.slice(0, at)}${next}${alice.slice(at + 1)}`
      expect(isPolkadotAddress(changed), changed).toBe(await adapterAccepts(changed))
      if (!isPolkadotAddress(changed)) refused++
    }
    expect(refused).toBe(alice.length)
  })

  it('refuses hex keys, 33-byte keys in SS58, Solana and EVM addresses', () => {
    for (const address of [
      '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d',
      'KWje7fbFX75W5MWcR8p9KmhQftv2Uot8P2avxCdy3tZkriLmT',
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '',
    ])
      expect(isPolkadotAddress(address), address).toBe(false)
  })
})
