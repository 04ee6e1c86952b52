import { describe, expect, it } from 'vitest'
import { createSealingKeyPair, openSealedBox, sealToPublicKey } from './sealedBox.ts'

describe('sealedBox', () => {
  it('opens only with the matching secret key and detects tampering', async () => {
    const keyPair = createSealingKeyPair()
    const box = await sealToPublicKey(new Uint8Array([1, 2, 3]), keyPair.publicKey)
    expect(await openSealedBox(box, keyPair.secretKey)).toEqual(new Uint8Array([1, 2, 3]))
    const tampered = { ...box, ciphertext: `${box.ciphertext.slice(0, -2)}00` as `0x${string}` }
    await expect(openSealedBox(tampered, keyPair.secretKey)).rejects.toThrow()
  })
})
