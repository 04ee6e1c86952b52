import { bytesToHex, hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { WrongRecoveryFactorError } from '../errors.ts'
import {
  createRecoveryKey,
  decryptRecoveryShare,
  deviceRequestCode,
  encryptRecoveryShare,
  PASSWORD_KDF_PARAMETERS,
  unwrapWithPassword,
  unwrapWithPrf,
  wrapWithPassword,
  wrapWithPrf,
} from './recoveryKey.ts'

// A low scrypt cost keeps the tests fast; the frame always uses PASSWORD_KDF_PARAMETERS.
const fast = { N: 2 ** 10, r: 8, p: 1 }
const flipLastBit = (hex: `0x${string}`) => {
  const bytes = hexToBytes(hex)
  bytes[bytes.length - 1]! ^= 1
  return bytesToHex(bytes)
}

describe('recovery key', () => {
  it('encrypts a recovery share that only the same key opens, for its own share set only', async () => {
    const key = createRecoveryKey()
    const share = crypto.getRandomValues(new Uint8Array(17))
    const blob = await encryptRecoveryShare(key, share, 'set-1')
    expect(await decryptRecoveryShare(key, blob, 'set-1')).toEqual(share)
    await expect(decryptRecoveryShare(createRecoveryKey(), blob, 'set-1')).rejects.toBeInstanceOf(
      WrongRecoveryFactorError,
    )
    // Moved to another share set's row, it no longer opens.
    await expect(decryptRecoveryShare(key, blob, 'set-2')).rejects.toBeInstanceOf(
      WrongRecoveryFactorError,
    )
    await expect(
      decryptRecoveryShare(key, { ...blob, ciphertext: flipLastBit(blob.ciphertext) }, 'set-1'),
    ).rejects.toBeInstanceOf(WrongRecoveryFactorError)
  })

  it('wraps the key under a password: the right password opens it, a wrong one does not', async () => {
    const key = createRecoveryKey()
    const wrapped = await wrapWithPassword({
      recoveryKey: key,
      password: 'correct horse battery',
      kdfParameters: fast,
    })
    expect(wrapped.kdf).toMatchObject({ name: 'scrypt', ...fast })
    // Nothing of the key is in what the server stores.
    expect(JSON.stringify(wrapped)).not.toContain(bytesToHex(key).slice(2))
    expect(await unwrapWithPassword(wrapped, 'correct horse battery')).toEqual(key)
    await expect(unwrapWithPassword(wrapped, 'correct horse batterx')).rejects.toThrow(
      'Wrong recovery password',
    )
    // Unicode forms of the same password are the same password.
    const accented = await wrapWithPassword({
      recoveryKey: key,
      password: 'caf\u00e9 au lait 42',
      kdfParameters: fast,
    })
    expect(await unwrapWithPassword(accented, 'cafe\u0301 au lait 42')).toEqual(key)
  })

  it('uses scrypt at N = 2^17, r = 8, p = 1 unless told otherwise, and refuses absurd costs', async () => {
    expect(PASSWORD_KDF_PARAMETERS).toEqual({ N: 2 ** 17, r: 8, p: 1 })
    const wrapped = await wrapWithPassword({
      recoveryKey: createRecoveryKey(),
      password: 'long enough password',
      kdfParameters: fast,
    })
    // A stored blob claiming a huge cost would make the frame allocate gigabytes: refused.
    await expect(
      unwrapWithPassword(
        { ...wrapped, kdf: { ...wrapped.kdf, N: 2 ** 24 } as typeof wrapped.kdf },
        'long enough password',
      ),
    ).rejects.toThrow('Unsupported recovery method parameters')
  })

  it("wraps the key under a passkey's PRF output: only the same output opens it", async () => {
    const key = createRecoveryKey()
    const prf = crypto.getRandomValues(new Uint8Array(32))
    const wrapped = await wrapWithPrf({ recoveryKey: key, prfOutput: prf })
    expect(await unwrapWithPrf(wrapped, prf)).toEqual(key)
    await expect(
      unwrapWithPrf(wrapped, crypto.getRandomValues(new Uint8Array(32))),
    ).rejects.toBeInstanceOf(WrongRecoveryFactorError)
    // A password method is not a passkey method and the other way round.
    await expect(unwrapWithPassword(wrapped, 'anything at all')).rejects.toThrow(
      'Not a password recovery method',
    )
  })

  it('derives the device request code from the public key: another key shows another code', () => {
    const a = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    const b = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    expect(deviceRequestCode(a)).toMatch(/^\d{3} \d{3}$/)
    expect(deviceRequestCode(a)).toBe(deviceRequestCode(a))
    // Two random keys share a code 1 time in a million; these fixed ones differ.
    expect(deviceRequestCode(`0x${'11'.repeat(32)}`)).not.toBe(
      deviceRequestCode(`0x${'22'.repeat(32)}`),
    )
    expect(b).not.toBe(a)
  })
})
