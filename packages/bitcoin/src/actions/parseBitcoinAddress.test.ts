import { hex } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { bitcoin, bitcoinTestnet, createBitcoinRegtest } from '../networks.ts'
import { isBitcoinAddress, parseBitcoinAddress } from './parseBitcoinAddress.ts'

const regtest = createBitcoinRegtest()

// Valid addresses with their output scripts: BIP-350's segwit vectors (v0 and v1), the Bitcoin
// wiki's base58 examples, libwally's regtest vectors and Bitcoin Core's regtest P2PKH.
const valid = [
  {
    network: bitcoin,
    address: 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    type: 'p2wpkh',
    script: '0014751e76e8199196d454941c45d1b3a323f1433bd6',
  },
  {
    network: bitcoin,
    address: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    type: 'p2tr',
    script: '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
  },
  { network: bitcoin, address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', type: 'p2pkh' },
  { network: bitcoin, address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', type: 'p2sh' },
  {
    network: bitcoinTestnet,
    address: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    type: 'p2wsh',
    script: '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262',
  },
  {
    network: bitcoinTestnet,
    address: 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
    type: 'p2tr',
    script: '5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
  },
  { network: bitcoinTestnet, address: 'mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB', type: 'p2pkh' },
  {
    network: regtest,
    address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    type: 'p2wpkh',
    script: '0014751e76e8199196d454941c45d1b3a323f1433bd6',
  },
  {
    network: regtest,
    address: 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry',
    type: 'p2wsh',
  },
  { network: regtest, address: 'mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB', type: 'p2pkh' },
] as const

describe('Bitcoin addresses per network', () => {
  it('decodes valid addresses of each network to their output script', () => {
    for (const vector of valid) {
      const parsed = parseBitcoinAddress({ address: vector.address, network: vector.network })
      expect(parsed.type).toBe(vector.type)
      if ('script' in vector) expect(hex.encode(parsed.script)).toBe(vector.script)
      expect(isBitcoinAddress(vector.address, vector.network)).toBe(true)
    }
  })

  it("refuses another network's address: bc on testnet, tb on regtest, bcrt and base58 testnet on mainnet", () => {
    expect(isBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', bitcoinTestnet)).toBe(
      false,
    )
    expect(isBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', regtest)).toBe(false)
    expect(isBitcoinAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', bitcoin)).toBe(false)
    expect(isBitcoinAddress('mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB', bitcoin)).toBe(false)
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', regtest)).toBe(false)
  })

  it("refuses BIP-350's invalid segwit addresses", () => {
    for (const [address, network] of [
      ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', bitcoinTestnet], // HRP
      ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', bitcoin], // bech32 for v1
      ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', bitcoinTestnet], // bech32 for v2
      ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', bitcoin], // bech32m for v0
      ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', bitcoinTestnet], // bech32m for v0
      ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', bitcoin], // checksum character
      ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', bitcoin], // witness version
      ['bc1pw5dgrnzv', bitcoin], // 1-byte program
      ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', bitcoin], // 16-byte v0 program
      ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', bitcoinTestnet], // mixed case
      ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', bitcoinTestnet], // padding
      ['bc1gmk9yu', bitcoin], // empty data
    ] as const)
      expect(isBitcoinAddress(address, network), address).toBe(false)
  })

  it("refuses a base58 address with a wrong checksum, and what is no address, with 'Invalid Bitcoin address'", () => {
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', bitcoin)).toBe(false)
    for (const address of ['', 'hello', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
      expect(() => parseBitcoinAddress({ address, network: regtest })).toThrowError(
        expect.objectContaining({
          name: 'InvalidBitcoinAddressError',
          shortMessage: 'Invalid Bitcoin address',
        }),
      )
  })
})
