import { describe, expect, it } from 'vitest'
import {
  bitcoinAddressNetworks,
  bitcoinChainNetwork,
  normalizeBitcoinAddress,
} from './bitcoinAddress.ts'

const chain = (reference: string) =>
  ({ caipNetworkId: `bip122:${reference}`, name: 'x', esploraUrl: 'http://x' }) as const

describe('bitcoinAddressNetworks', () => {
  it('tells the network an address belongs to by its prefix and checksum', () => {
    expect(bitcoinAddressNetworks('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual([
      'mainnet',
    ])
    expect(bitcoinAddressNetworks('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toEqual([
      'mainnet',
    ])
    expect(bitcoinAddressNetworks('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toEqual(['mainnet'])
    expect(bitcoinAddressNetworks('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toEqual([
      'testnet',
    ])
    expect(bitcoinAddressNetworks('bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw')).toEqual([
      'regtest',
    ])
    // Base58 test addresses are the same on every test network.
    expect(bitcoinAddressNetworks('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toEqual([
      'testnet',
      'regtest',
    ])
  })

  it('finds no network for a broken checksum, a Solana key or garbage', () => {
    expect(bitcoinAddressNetworks('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toEqual([])
    expect(bitcoinAddressNetworks('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toEqual([])
    expect(bitcoinAddressNetworks('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrADG')).toEqual([])
    expect(bitcoinAddressNetworks('not-an-address')).toEqual([])
  })

  it('folds bech32 to lower case only', () => {
    expect(normalizeBitcoinAddress('BCRT1QQUV9LG5G2R4JKR0AHUN0DDFG5XNTXJELWJPNUW')).toBe(
      'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
    )
    expect(normalizeBitcoinAddress('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBe(
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
    )
    // A Solana key that happens to start like a bech32 address stays as it is.
    expect(normalizeBitcoinAddress('bc1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2xyz')).toBe(
      'bc1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2xyz',
    )
  })
})

describe('bitcoinChainNetwork', () => {
  it('knows mainnet and regtest by genesis and takes any other network for a test network', () => {
    expect(bitcoinChainNetwork(chain('000000000019d6689c085ae165831e93'))).toBe('mainnet')
    expect(bitcoinChainNetwork(chain('0f9188f13cb7b2c71f2a335e3a4fc328'))).toBe('regtest')
    expect(bitcoinChainNetwork(chain('000000000933ea01ad0ee984209779ba'))).toBe('testnet')
    expect(bitcoinChainNetwork(chain('00000008819873e925422c1ff0f99f7c'))).toBe('testnet')
  })
})
