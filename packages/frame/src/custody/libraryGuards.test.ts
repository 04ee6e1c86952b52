import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * The custody code checks what its libraries return instead of trusting them: a BIP-32 node
 * without a private key or a Shamir split with a share missing stops the operation with a clear
 * error, before any key or share is used. The libraries are made to misbehave here.
 */
const misbehave = { bip32: false, shamir: false }
afterEach(() => {
  misbehave.bip32 = false
  misbehave.shamir = false
})

vi.mock('@scure/bip32', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@scure/bip32')>()
  class HDKey extends actual.HDKey {
    static override fromMasterSeed(...a: Parameters<typeof actual.HDKey.fromMasterSeed>) {
      const node = actual.HDKey.fromMasterSeed(...a)
      if (!misbehave.bip32) return node
      return Object.assign(Object.create(node), { derive: () => ({ privateKey: null }) })
    }
  }
  return { ...actual, HDKey }
})
vi.mock('shamir-secret-sharing', async (importOriginal) => {
  const actual = await importOriginal<typeof import('shamir-secret-sharing')>()
  return {
    ...actual,
    split: async (...a: Parameters<typeof actual.split>) => {
      const shares = await actual.split(...a)
      return misbehave.shamir ? [shares[0], undefined, shares[2]] : shares
    },
  }
})

const { deriveWalletKeys } = await import('./deriveWalletKeys.ts')
const { splitSecret } = await import('./splitSecret.ts')

describe('custody refuses what a library should never return', () => {
  it('a BIP-32 derivation without a private key', () => {
    expect(deriveWalletKeys(new Uint8Array(16)).addresses.eip155).toMatch(/^0x/)
    misbehave.bip32 = true
    expect(() => deriveWalletKeys(new Uint8Array(16))).toThrow(
      'BIP-32 derivation gave no private key',
    )
  })

  it('a Shamir split with a share missing', async () => {
    expect(Object.keys(await splitSecret(new Uint8Array(32).fill(1)))).toHaveLength(3)
    misbehave.shamir = true
    await expect(splitSecret(new Uint8Array(32).fill(1))).rejects.toThrow(
      'Shamir split gave < 3 shares',
    )
  })
})
