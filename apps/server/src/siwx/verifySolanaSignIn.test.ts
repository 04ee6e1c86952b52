import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { decodeSignature, verifySolanaSignIn } from './verifySolanaSignIn.ts'

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

describe('verifySolanaSignIn', () => {
  const secretKey = ed25519.utils.randomSecretKey()
  const address = base58(ed25519.getPublicKey(secretKey))
  const text = `example.com wants you to sign in with your Solana account:\n${address}`
  const signature = ed25519.sign(new TextEncoder().encode(text), secretKey)

  it('accepts the signature in base58, base64 and base64url, padded or not', () => {
    const encodings = [
      base58(signature),
      Buffer.from(signature).toString('base64'),
      Buffer.from(signature).toString('base64').replace(/=+$/, ''),
      Buffer.from(signature).toString('base64url'),
    ]
    for (const encoded of encodings) {
      expect(decodeSignature(encoded).some((bytes) => Buffer.from(bytes).equals(signature))).toBe(
        true,
      )
      expect(() => verifySolanaSignIn({ text, address, signature: encoded })).not.toThrow()
    }
  })

  it("refuses another text, another key's signature and a signature that is not 64 bytes", () => {
    expect(() =>
      verifySolanaSignIn({ text: `${text}.`, address, signature: base58(signature) }),
    ).toThrow("signature does not match the message's account")
    const other = ed25519.sign(new TextEncoder().encode(text), ed25519.utils.randomSecretKey())
    expect(() => verifySolanaSignIn({ text, address, signature: base58(other) })).toThrow(
      "signature does not match the message's account",
    )
    // 63 bytes in base64, hex, 1 byte: no reading gives 64 bytes. (An 86-character base58 text
    // may also read as base64 of 64 bytes: it is then checked, and refused as not matching.)
    for (const encoded of [
      Buffer.from(signature.slice(1)).toString('base64'),
      '0x1234',
      Buffer.from('x').toString('base64'),
    ])
      expect(() => verifySolanaSignIn({ text, address, signature: encoded })).toThrow(
        'signature must be 64 bytes (ed25519) in base58 or base64',
      )
  })
})
