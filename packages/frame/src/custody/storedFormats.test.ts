import { hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { decryptRecoveryShare, unwrapWithPassword, unwrapWithPrf } from './recoveryKey.ts'
import { openSealedBox } from './sealedBox.ts'

/**
 * Blobs as the server stores them, made by this release. Recovery must open what earlier builds
 * stored: a change to a KDF's info, salt use, associated data or cipher that breaks old data fails
 * here (round-trip tests cannot see it).
 */
const recoveryKey = hexToBytes('0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f')
const share = hexToBytes('0x01aabbccddeeff00112233445566778899')

describe('stored formats stay openable', () => {
  it('opens a password-wrapped recovery key of this release', async () => {
    const wrapped = {
      version: 1,
      kdf: { name: 'scrypt', salt: '0xa13d9f08c964e8955a6d7f5605cbb6a8', N: 1024, r: 8, p: 1 },
      iv: '0x263b00d8cb86c41c25c13212',
      ciphertext:
        '0xd370923184102a56c8fa90cb27e91318965d3d5f3e0199f9395c7c3e521ca0f493544d690608a2a6cc94589524c2ccd7',
    } as const
    expect(await unwrapWithPassword(wrapped, 'correct horse battery')).toEqual(recoveryKey)
  })

  it("opens a passkey-wrapped recovery key of this release with the passkey's PRF output", async () => {
    const wrapped = {
      version: 1,
      kdf: { name: 'hkdf-prf', salt: '0x0fe29e53250e1a41ee486abdfcf8a96f' },
      iv: '0x5eff4b08bf3cd4df0096a778',
      ciphertext:
        '0x0e75a8a843dd2f7942468277523ff73f5588329e47a03aa0be058aaaed0343f5faa591f175a333bbf008b4851ed165d7',
    } as const
    expect(await unwrapWithPrf(wrapped, new Uint8Array(32).fill(7))).toEqual(recoveryKey)
  })

  it('opens an encrypted recovery share of this release, for its own share set', async () => {
    const blob = {
      version: 1,
      iv: '0xbeff58484d36d5ab7bbdc33f',
      ciphertext: '0xe568038b1d3ed8f34c4fa9473715f85820ab7f83ea9103fa30bccb9c84a17b4325',
    } as const
    expect(await decryptRecoveryShare(recoveryKey, blob, 'share-set-1')).toEqual(share)
  })

  it('opens a sealed box of this release (operator recovery, device transfer)', async () => {
    const box = {
      version: 1,
      ephemeralPublicKey: '0xaf0f82069156a657d4d9fc8a1c7fc8796fde7b08d77d59136be6a84fc5da242c',
      iv: '0xbfda01b45ca61fe5b61b24e5',
      ciphertext: '0x55d9df8bbdd643055821dbb89f4956a255677fb601fce845995ad09f233f544499',
    } as const
    expect(
      await openSealedBox(
        box,
        '0x4242424242424242424242424242424242424242424242424242424242424242',
      ),
    ).toEqual(share)
  })
})
