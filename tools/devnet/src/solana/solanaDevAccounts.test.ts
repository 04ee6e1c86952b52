import { createKeyPairSignerFromBytes } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { deriveSolanaDevAccounts, slip10Ed25519 } from './solanaDevAccounts.ts'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('slip10Ed25519', () => {
  // SLIP-0010 test vector 1 for ed25519.
  const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')

  it('derives the SLIP-0010 test vector keys', () => {
    expect(hex(slip10Ed25519(seed, []))).toBe(
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    )
    expect(hex(slip10Ed25519(seed, [0]))).toBe(
      '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    )
    expect(hex(slip10Ed25519(seed, [0, 1]))).toBe(
      'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    )
  })
})

describe('deriveSolanaDevAccounts', () => {
  it('gives distinct accounts whose 64-byte secret key imports to the same address', async () => {
    const derived = await deriveSolanaDevAccounts({ count: 3 })
    expect(new Set(derived.map((entry) => entry.account.address)).size).toBe(3)
    for (const { account } of derived) {
      expect(account.secretKey).toHaveLength(64)
      const signer = await createKeyPairSignerFromBytes(new Uint8Array(account.secretKey))
      expect(signer.address).toBe(account.address)
    }
  })

  it('derives the same accounts every time', async () => {
    const [first] = await deriveSolanaDevAccounts({ count: 1, start: 4 })
    const [again] = await deriveSolanaDevAccounts({ count: 5 }).then((list) => list.slice(4))
    expect(first!.account).toEqual(again!.account)
  })
})
