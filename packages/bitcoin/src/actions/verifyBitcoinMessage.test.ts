import { describe, expect, it } from 'vitest'
import { verifyBitcoinMessage } from './verifyBitcoinMessage.ts'

const bip = {
  address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
  // BIP-322's test vectors: each message has a low-R and an RFC 6979 signature.
  signatures: {
    '': [
      'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ],
    'Hello World': [
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ],
  },
}
// Bitcoin Core's BIP-322 unit test: the BIP's key as a key-path Taproot address, SIGHASH_ALL.
const taproot = {
  address: 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
  signature:
    'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
}
// Bitcoin Core's signmessage unit tests (util_tests.cpp, message_verify).
const legacy = {
  address: '15CRxFdyRpGZLW9w8HnHvVduizdL5jKNbs',
  message: 'Trust no one',
  signature:
    'IPojfrX2dfPnH26UegfbGQQLrdK844DlHq5157/P6h57WyuS/Qsl+h/WSVGDF4MUi4rWSswW38oimDYfNNUBUOk=',
}

const tamper = (signature: string, at: number) => {
  const bytes = Buffer.from(signature, 'base64')
  bytes[at]! ^= 1
  return bytes.toString('base64')
}

describe('verifyBitcoinMessage', () => {
  it("accepts every BIP-322 vector signature for the BIP's address (P2WPKH)", () => {
    for (const [message, signatures] of Object.entries(bip.signatures))
      for (const signature of signatures)
        expect(verifyBitcoinMessage({ address: bip.address, message, signature })).toBe(true)
  })

  it('refuses a vector signature for another message, another address, or once tampered with', () => {
    const [signature] = bip.signatures['Hello World']
    expect(
      verifyBitcoinMessage({
        address: bip.address,
        message: 'Hello World!',
        signature: signature!,
      }),
    ).toBe(false)
    expect(verifyBitcoinMessage({ address: bip.address, message: '', signature: signature! })).toBe(
      false,
    )
    expect(
      verifyBitcoinMessage({
        address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        message: 'Hello World',
        signature: signature!,
      }),
    ).toBe(false)
    // Byte 10 is inside the DER signature.
    expect(
      verifyBitcoinMessage({
        address: bip.address,
        message: 'Hello World',
        signature: tamper(signature!, 10),
      }),
    ).toBe(false)
  })

  it("accepts Bitcoin Core's Taproot vector, and refuses it for another message or key", () => {
    expect(verifyBitcoinMessage({ ...taproot, message: 'Hello World' })).toBe(true)
    expect(verifyBitcoinMessage({ ...taproot, message: 'Hello World.' })).toBe(false)
    expect(
      verifyBitcoinMessage({
        ...taproot,
        address: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
        message: 'Hello World',
      }),
    ).toBe(false)
    expect(
      verifyBitcoinMessage({
        ...taproot,
        signature: tamper(taproot.signature, 20),
        message: 'Hello World',
      }),
    ).toBe(false)
  })

  it('refuses a 65-byte Taproot signature whose hash type is not SIGHASH_ALL', () => {
    const bytes = Buffer.from(taproot.signature, 'base64')
    bytes[bytes.length - 1] = 0x02 // SIGHASH_NONE
    expect(
      verifyBitcoinMessage({
        ...taproot,
        message: 'Hello World',
        signature: bytes.toString('base64'),
      }),
    ).toBe(false)
  })

  it("answers Bitcoin Core's signmessage cases as Core does", () => {
    expect(verifyBitcoinMessage(legacy)).toBe(true)
    // ERR_NOT_SIGNED in Core: the key recovered from the signature is not the address's.
    expect(verifyBitcoinMessage({ ...legacy, message: 'I never signed this' })).toBe(false)
    // A signature crafted without knowing the key (r and s chosen first); Core accepts it too.
    expect(
      verifyBitcoinMessage({
        address: '11canuhp9X2NocwCq7xNrQYTmUgZAnLK3',
        message: 'Trust me',
        signature:
          'IIcaIENoYW5jZWxsb3Igb24gYnJpbmsgb2Ygc2Vjb25kIGJhaWxvdXQgZm9yIGJhbmtzIAaHRtbCeDZINyavx14=',
      }),
    ).toBe(true)
  })

  it('refuses a legacy signature whose header names another kind of address', () => {
    const bytes = Buffer.from(legacy.signature, 'base64')
    bytes[0] = bytes[0]! + 8 // 31–34 (compressed P2PKH) becomes 39–42 (P2WPKH)
    expect(verifyBitcoinMessage({ ...legacy, signature: bytes.toString('base64') })).toBe(false)
  })

  it('answers false, not an error, for what is no address or no signature', () => {
    expect(
      verifyBitcoinMessage({ address: 'nope', message: 'x', signature: legacy.signature }),
    ).toBe(false)
    expect(verifyBitcoinMessage({ address: bip.address, message: 'x', signature: '%%%' })).toBe(
      false,
    )
    expect(verifyBitcoinMessage({ address: bip.address, message: 'x', signature: '' })).toBe(false)
  })
})
