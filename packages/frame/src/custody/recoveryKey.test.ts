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
  type WrappedKey,
  withFirstUnwrapped,
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

  it('accepts scrypt costs up to N = 2^20, r = 16, p = 4 (N a power of two), refuses any beyond', async () => {
    const wrapped = await wrapWithPassword({
      recoveryKey: createRecoveryKey(),
      password: 'long enough password',
      kdfParameters: fast,
    })
    const withCost = (cost: { N?: number; r?: number; p?: number }) =>
      unwrapWithPassword(
        { ...wrapped, kdf: { ...wrapped.kdf, ...cost } as WrappedKey['kdf'] },
        'long enough password',
      )
    // Within bounds the parameters are used (another key, so the password no longer opens it).
    for (const cost of [{ N: 2 ** 20, r: 1 }, { r: 16 }, { p: 4 }])
      await expect(withCost(cost), JSON.stringify(cost)).rejects.toThrow('Wrong recovery password')
    for (const cost of [{ N: 2 ** 21 }, { r: 17 }, { p: 5 }, { N: 1000 }, { N: 2 ** 10 + 2 }])
      await expect(withCost(cost), JSON.stringify(cost)).rejects.toThrow(
        'Unsupported recovery method parameters',
      )
  })

  it('says which factor failed, keeping the underlying error as the cause', async () => {
    const key = createRecoveryKey()
    const blob = await encryptRecoveryShare(key, new Uint8Array([1, 2, 3]), 'set-1')
    await expect(decryptRecoveryShare(createRecoveryKey(), blob, 'set-1')).rejects.toMatchObject({
      shortMessage: 'The recovery key does not open this wallet',
      cause: expect.any(Error),
    })
    const byPassword = await wrapWithPassword({
      recoveryKey: key,
      password: 'correct horse battery',
      kdfParameters: fast,
    })
    await expect(unwrapWithPassword(byPassword, 'wrong horse battery')).rejects.toMatchObject({
      shortMessage: 'Wrong recovery password',
      cause: expect.any(Error),
    })
    const byPasskey = await wrapWithPrf({ recoveryKey: key, prfOutput: new Uint8Array(32) })
    await expect(unwrapWithPrf(byPasskey, new Uint8Array(32).fill(1))).rejects.toMatchObject({
      shortMessage: 'This passkey does not open the wallet',
      cause: expect.any(Error),
    })
    await expect(unwrapWithPrf(byPassword, new Uint8Array(32))).rejects.toMatchObject({
      name: 'WrongRecoveryFactorError',
      shortMessage: 'Not a passkey recovery method',
    })
  })

  it('uses the first recovery method that opens, skipping the ones that do not', async () => {
    const key = createRecoveryKey()
    const prf = new Uint8Array(32).fill(9)
    const methods = [
      await wrapWithPassword({
        recoveryKey: key,
        password: 'a password of mine',
        kdfParameters: fast,
      }),
      await wrapWithPrf({ recoveryKey: key, prfOutput: new Uint8Array(32).fill(1) }),
      await wrapWithPrf({ recoveryKey: key, prfOutput: prf }),
      await wrapWithPrf({ recoveryKey: createRecoveryKey(), prfOutput: prf }),
    ]
    const tried: string[] = []
    let seen: Uint8Array | undefined
    const opened = await withFirstUnwrapped(
      methods,
      (wrapped) => {
        tried.push(wrapped.kdf.name)
        return unwrapWithPrf(wrapped, prf)
      },
      async (recoveryKey) => {
        seen = recoveryKey
        return bytesToHex(recoveryKey)
      },
    )
    expect(opened).toEqual({ result: bytesToHex(key) })
    expect(tried).toEqual(['scrypt', 'hkdf-prf', 'hkdf-prf'])
    // The key is zeroed once used.
    expect(seen).toEqual(new Uint8Array(32))
    expect(
      await withFirstUnwrapped(
        methods.slice(0, 2),
        (w) => unwrapWithPrf(w, prf),
        async () => 1,
      ),
    ).toBeUndefined()
    expect(
      await withFirstUnwrapped(
        [],
        (w) => unwrapWithPrf(w, prf),
        async () => 1,
      ),
    ).toBe(undefined)
    // Any other failure (the server, the network) is not a wrong factor: it is thrown.
    await expect(
      withFirstUnwrapped(
        methods,
        async () => {
          throw new Error('Network Error')
        },
        async () => 1,
      ),
    ).rejects.toThrow('Network Error')
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

  it('shows the same device request code as earlier builds, leading zeros included', () => {
    expect(deviceRequestCode(`0x${'11'.repeat(32)}`)).toBe('185 417')
    expect(deviceRequestCode(`0x${'0'.repeat(61)}3b4`)).toBe('000 903')
  })
})
