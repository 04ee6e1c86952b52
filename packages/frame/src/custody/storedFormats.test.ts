import { bytesToHex, hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  deriveWalletKeys,
  EIP155_DERIVATION_PATH,
  SOLANA_DERIVATION_PATH,
} from './deriveWalletKeys.ts'
import { decryptRecoveryShare, unwrapWithPassword, unwrapWithPrf } from './recoveryKey.ts'
import { openSealedBox } from './sealedBox.ts'
import { shareSetMessage } from './shareSetMessage.ts'

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

/**
 * A wallet is its entropy: the device, auth and recovery shares rebuild the entropy, and the keys
 * and addresses come from it. Another mnemonic, path or curve would show visitors another, empty
 * wallet. These vectors are the BIP-39 test entropies; the addresses are the ones MetaMask
 * (m/44'/60'/0'/0/0) and Phantom (m/44'/501'/0'/0') show for the same mnemonic.
 */
describe('key derivation stays the same', () => {
  it('derives the well-known addresses of the all-zero entropy', () => {
    expect(EIP155_DERIVATION_PATH).toBe("m/44'/60'/0'/0/0")
    expect(SOLANA_DERIVATION_PATH).toBe("m/44'/501'/0'/0'")
    const keys = deriveWalletKeys(new Uint8Array(16))
    expect(keys.mnemonic).toBe(`${'abandon '.repeat(11)}about`)
    expect(keys.addresses).toEqual({
      eip155: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      solana: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    })
    expect(bytesToHex(keys.eip155PrivateKey)).toBe(
      '0x1ab42cc412b618bdea3a599e3c9bae199ebf030895b039e9db1e30dafb12b727',
    )
    expect(bytesToHex(keys.solanaPrivateKey)).toBe(
      '0x37df573b3ac4ad5b522e064e25b63ea16bcbe79d449e81a0268d1047948bb445',
    )
    expect(bytesToHex(keys.solanaPublicKey)).toBe(
      '0xf036276246a75b9de3349ed42b15e232f6518fc20f5fcd4f1d64e81f9bd258f7',
    )
  })

  it('derives the same wallet from 256-bit entropy (24 words), as the frame makes them', () => {
    const keys = deriveWalletKeys(new Uint8Array(32).fill(0x7f))
    expect(keys.mnemonic).toBe(
      'legal winner thank year wave sausage worth useful legal winner thank year wave sausage ' +
        'worth useful legal winner thank year wave sausage worth title',
    )
    expect(keys.addresses).toEqual({
      eip155: '0x2f826cb22E80a2c40f149Ecb92b2Fa5ecBf67170',
      solana: 'DTyAc5DDoqLQCPFjJe8jMv6S1CKbJ1sBRh5D22D12vAa',
    })
  })

  it('signs share sets over the same text (the server checks this signature)', () => {
    expect(
      shareSetMessage({
        shareSetId: 'set-1',
        deviceId: 'device-1',
        authShare: '0x01aabbcc',
        encryptedRecoveryShare: { version: 1, iv: '0x0102', ciphertext: '0x0304' },
      }),
    ).toBe(
      [
        'Foyer share set v1',
        'share set: set-1',
        'device: device-1',
        'auth share: 0xfb8aa6c8106ffcfd2e889a9afebab46640ced64ff29949e26253d527bfe09086',
        'recovery share: 0x75dd391749c3ca24725e0c152018eb6159d5182f0df3b041e69111beb0094a7e',
      ].join('\n'),
    )
  })
})
