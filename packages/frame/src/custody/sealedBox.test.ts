import { bytesToHex, hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { createSealingKeyPair, openSealedBox, sealToPublicKey } from './sealedBox.ts'

describe('sealedBox', () => {
  it('opens only with the matching secret key and detects tampering', async () => {
    const keyPair = createSealingKeyPair()
    const box = await sealToPublicKey(new Uint8Array([1, 2, 3]), keyPair.publicKey)
    expect(await openSealedBox(box, keyPair.secretKey)).toEqual(new Uint8Array([1, 2, 3]))
    await expect(openSealedBox(box, createSealingKeyPair().secretKey)).rejects.toThrow()
    // Flip one bit of the last byte (always a change, whatever the byte was).
    const bytes = hexToBytes(box.ciphertext)
    bytes[bytes.length - 1]! ^= 1
    const tampered = { ...box, ciphertext: bytesToHex(bytes) }
    await expect(openSealedBox(tampered, keyPair.secretKey)).rejects.toMatchObject({
      name: 'SealedBoxOpenError',
      shortMessage: 'The sealed share could not be decrypted',
      cause: expect.any(Error),
    })
  })
})
