import { validateCosmosAddress } from '@foyer/cosmos'
import { createCosmosTestWallet } from '@foyer/test-wallets/cosmos'
import { describe, expect, it } from 'vitest'
import { isCosmosAddress } from './isCosmosAddress.ts'

/** What the Cosmos adapter says of an address (any prefix), the reference for these checks. */
const adapterAccepts = async (address: string) => {
  try {
    await validateCosmosAddress({
      address,
      bech32Prefix: address.slice(0, address.lastIndexOf('1')),
    })
    return true
  } catch {
    return false
  }
}

describe('isCosmosAddress', () => {
  it("accepts a wallet's accounts on chains of any prefix, and 32-byte contract accounts", async () => {
    const prefixes = ['cosmos', 'osmo', 'celestia', 'a']
    const wallet = await createCosmosTestWallet({
      privateKeyHex: '11'.repeat(32),
      chains: prefixes.map((bech32Prefix) => ({ chainId: `${bech32Prefix}-1`, bech32Prefix })),
    })
    const addresses = [
      ...prefixes.map((prefix) => wallet.addressOn(`${prefix}-1`)),
      'osmo1m3xm7ygq8x5fxylkuc37qqkghu0wzrtp4364y324ulm2h5v9gz3qyxhjl3',
    ]
    for (const address of addresses) {
      expect(isCosmosAddress(address), address).toBe(true)
      expect(await adapterAccepts(address), address).toBe(true)
    }
  })

  it('judges every one-character change of an address as the Cosmos adapter does', async () => {
    const address = 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'
    const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
    let refused = 0
    for (let at = 0; at < address.length; at++) {
      const character = address[at]!
      const next = charset.includes(character)
        ? charset[(charset.indexOf(character) + 1 + (at % 31)) % 32]!
        : String.fromCharCode(character.charCodeAt(0) + 1)
      const changed = `${address.slice(0, at)}${next}${address.slice(at + 1)}`
      expect(isCosmosAddress(changed), changed).toBe(await adapterAccepts(changed))
      if (!isCosmosAddress(changed)) refused++
    }
    // bech32's checksum catches every one-character error.
    expect(refused).toBe(address.length)
  })

  it('refuses upper case, other lengths of account and what is not bech32', () => {
    for (const address of [
      'COSMOS1HSK6JRYYQJFHP5DHC55TC9JTCKYGX0EPH6DD02',
      // 21 bytes.
      'cosmos1qurswpc8qurswpc8qurswpc8qurswpc8qu0vy9kg',
      'cosmos1',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      `cosmos1${'q'.repeat(90)}`,
    ])
      expect(isCosmosAddress(address), address).toBe(false)
  })
})
