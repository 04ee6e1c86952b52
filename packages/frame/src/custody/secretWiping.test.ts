import { describe, expect, it, vi } from 'vitest'

/**
 * Every secret the custody code derives for one operation (an X25519 shared secret, a secret key's
 * bytes, an HKDF or scrypt output) is zeroed before the operation returns, so a later memory read
 * of the frame finds nothing. The KDF and curve functions are wrapped to keep what they gave.
 */
const made: Uint8Array[] = []
const keep = <value extends Uint8Array>(bytes: value) => {
  made.push(bytes)
  return bytes
}

vi.mock('@noble/hashes/hkdf.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@noble/hashes/hkdf.js')>()
  return { ...actual, hkdf: (...a: Parameters<typeof actual.hkdf>) => keep(actual.hkdf(...a)) }
})
vi.mock('@noble/hashes/scrypt.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@noble/hashes/scrypt.js')>()
  return {
    ...actual,
    scryptAsync: async (...a: Parameters<typeof actual.scryptAsync>) =>
      keep(await actual.scryptAsync(...a)),
  }
})
vi.mock('@scure/bip39', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@scure/bip39')>()
  return {
    ...actual,
    mnemonicToSeedSync: (...a: Parameters<typeof actual.mnemonicToSeedSync>) =>
      keep(actual.mnemonicToSeedSync(...a)),
  }
})
vi.mock('@noble/curves/ed25519.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@noble/curves/ed25519.js')>()
  const x25519 = {
    ...actual.x25519,
    getSharedSecret: (secretKey: Uint8Array, publicKey: Uint8Array) =>
      keep(actual.x25519.getSharedSecret(keep(secretKey), publicKey)),
    getPublicKey: (secretKey: Uint8Array) => actual.x25519.getPublicKey(keep(secretKey)),
  }
  return { ...actual, x25519 }
})

const { deriveWalletKeys } = await import('./deriveWalletKeys.ts')
const { createSealingKeyPair, openSealedBox, sealToPublicKey } = await import('./sealedBox.ts')
const { createRecoveryKey, unwrapWithPassword, unwrapWithPrf, wrapWithPassword, wrapWithPrf } =
  await import('./recoveryKey.ts')

async function secretsLeftBy(operation: () => Promise<unknown>) {
  made.length = 0
  await operation().catch(() => undefined)
  expect(made.length).toBeGreaterThan(0)
  return made.filter((bytes) => bytes.some((byte) => byte !== 0))
}

describe('custody leaves no secret bytes behind', () => {
  it('when deriving the wallet keys (the BIP-39 seed)', async () => {
    expect(await secretsLeftBy(async () => deriveWalletKeys(new Uint8Array(32).fill(3)))).toEqual(
      [],
    )
  })

  it('when sealing to a public key and when opening a sealed box', async () => {
    const keyPair = createSealingKeyPair()
    const box = await sealToPublicKey(new Uint8Array([1, 2, 3]), keyPair.publicKey)
    expect(
      await secretsLeftBy(() => sealToPublicKey(new Uint8Array(3), keyPair.publicKey)),
    ).toEqual([])
    expect(await secretsLeftBy(() => openSealedBox(box, keyPair.secretKey))).toEqual([])
    // Also when the box does not open.
    expect(await secretsLeftBy(() => openSealedBox(box, createSealingKeyPair().secretKey))).toEqual(
      [],
    )
  })

  it('when wrapping or unwrapping the recovery key with a password or a passkey', async () => {
    const recoveryKey = createRecoveryKey()
    const kdfParameters = { N: 2 ** 10, r: 8, p: 1 }
    const password = 'correct horse battery'
    const byPassword = await wrapWithPassword({ recoveryKey, password, kdfParameters })
    const prfOutput = new Uint8Array(32).fill(5)
    const byPasskey = await wrapWithPrf({ recoveryKey, prfOutput })
    for (const operation of [
      () => wrapWithPassword({ recoveryKey, password, kdfParameters }),
      () => unwrapWithPassword(byPassword, password),
      () => unwrapWithPassword(byPassword, 'wrong horse battery'),
      () => wrapWithPrf({ recoveryKey, prfOutput }),
      () => unwrapWithPrf(byPasskey, prfOutput),
      () => unwrapWithPrf(byPasskey, new Uint8Array(32)),
    ])
      expect(await secretsLeftBy(operation), operation.toString()).toEqual([])
  })
})
