import { hex } from '@scure/base'
import { Address, OutScript } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { bip322MessageHash, createToSign, toSpendTxid } from './bip322.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)
// The BIP's signing address; its output script is what `to_spend` pays.
const script = OutScript.encode(Address().decode('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'))

describe('BIP-322 virtual transactions (test vectors of the BIP)', () => {
  it('hashes messages with the BIP0322-signed-message tag', () => {
    expect(hex.encode(bip322MessageHash(utf8('')))).toBe(
      'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    )
    expect(hex.encode(bip322MessageHash(utf8('Hello World')))).toBe(
      'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    )
  })

  it('builds to_spend with the txids the BIP lists', () => {
    expect(hex.encode(toSpendTxid(utf8(''), script))).toBe(
      'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
    )
    expect(hex.encode(toSpendTxid(utf8('Hello World'), script))).toBe(
      'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
    )
  })

  it('builds to_sign with the txids the BIP lists', () => {
    expect(createToSign(utf8(''), script).id).toBe(
      '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6',
    )
    expect(createToSign(utf8('Hello World'), script).id).toBe(
      '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
    )
  })
})
