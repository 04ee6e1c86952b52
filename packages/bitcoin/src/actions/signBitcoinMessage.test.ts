import { hex } from '@scure/base'
import { p2tr, p2wpkh, WIF } from '@scure/btc-signer'
import { pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js'
import { describe, expect, it } from 'vitest'
import { signBitcoinMessage } from './signBitcoinMessage.ts'
import { verifyBitcoinMessage } from './verifyBitcoinMessage.ts'

// BIP-322's test key and its P2WPKH address; the same key's key-path Taproot address is Bitcoin
// Core's BIP-322 vector address.
const bipKey = WIF().decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')
const bipAddress = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const taprootAddress = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'

describe('signBitcoinMessage', () => {
  // The BIP lists two signatures per message: Bitcoin Core's (nonce ground for a low R) and plain
  // RFC 6979's, which is what deterministic signing without grinding gives.
  it("signs BIP-322's RFC 6979 vectors byte for byte (P2WPKH)", () => {
    expect(p2wpkh(pubECDSA(bipKey)).address).toBe(bipAddress)
    expect(
      signBitcoinMessage({ privateKey: bipKey, address: bipAddress, message: 'Hello World' }),
    ).toBe(
      'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    )
    expect(signBitcoinMessage({ privateKey: bipKey, address: bipAddress, message: '' })).toBe(
      'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    )
  })

  it('signs with the key-path Taproot key (BIP-340 Schnorr, a fresh nonce each time)', () => {
    expect(p2tr(pubSchnorr(bipKey)).address).toBe(taprootAddress)
    const signature = signBitcoinMessage({
      privateKey: hex.encode(bipKey),
      address: taprootAddress,
      message: 'Hello World',
    })
    // One witness item of 64 bytes (SIGHASH_DEFAULT): 0x01, 0x40, then the signature.
    expect(Buffer.from(signature, 'base64').subarray(0, 2)).toEqual(Buffer.from([0x01, 0x40]))
    expect(
      verifyBitcoinMessage({ address: taprootAddress, message: 'Hello World', signature }),
    ).toBe(true)
  })

  it("signs Bitcoin Core's legacy signmessage vector byte for byte (P2PKH)", () => {
    expect(
      signBitcoinMessage({
        privateKey: 'd97f5108f11cda6eeebaaa420fef0726b1f898060b98489fa3098463c0032866',
        address: '15CRxFdyRpGZLW9w8HnHvVduizdL5jKNbs',
        message: 'Trust no one',
      }),
    ).toBe(
      'IPojfrX2dfPnH26UegfbGQQLrdK844DlHq5157/P6h57WyuS/Qsl+h/WSVGDF4MUi4rWSswW38oimDYfNNUBUOk=',
    )
  })

  it('signs in the BIP-137 format for SegWit v0 when asked for legacy', () => {
    const signature = signBitcoinMessage({
      privateKey: bipKey,
      address: bipAddress,
      message: 'Hello World',
      protocol: 'legacy',
    })
    const bytes = Buffer.from(signature, 'base64')
    expect(bytes).toHaveLength(65)
    // 39–42: BIP-137's header range for P2WPKH.
    expect(bytes[0]).toBeGreaterThanOrEqual(39)
    expect(bytes[0]).toBeLessThanOrEqual(42)
    expect(verifyBitcoinMessage({ address: bipAddress, message: 'Hello World', signature })).toBe(
      true,
    )
  })

  it('refuses an address the key does not own, on any network', () => {
    const other = p2wpkh(pubECDSA(new Uint8Array(32).fill(7))).address!
    expect(() =>
      signBitcoinMessage({ privateKey: bipKey, address: other, message: 'hi' }),
    ).toThrowError(expect.objectContaining({ name: 'InvalidBitcoinAddressError' }))
    expect(() =>
      signBitcoinMessage({ privateKey: bipKey, address: 'bcrt1-not-an-address', message: 'hi' }),
    ).toThrowError(expect.objectContaining({ shortMessage: 'Invalid Bitcoin address' }))
  })
})
