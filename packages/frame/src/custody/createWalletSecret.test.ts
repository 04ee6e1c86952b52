import { base58 } from '@scure/base'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createWalletSecret } from './createWalletSecret.ts'

describe('createWalletSecret', () => {
  it('derives the same eip155 address any BIP-39 wallet derives from the mnemonic', () => {
    const secret = createWalletSecret({ strength: 128 })
    expect(secret.entropy).toHaveLength(16)
    expect(secret.mnemonic.split(' ')).toHaveLength(12)
    expect(secret.addresses.eip155).toBe(mnemonicToAccount(secret.mnemonic).address)
    expect(base58.decode(secret.addresses.solana)).toHaveLength(32)
  })

  it('derives the well-known solana address of the standard test mnemonic', async () => {
    // "abandon ×11 about" at m/44'/501'/0'/0' (the address Phantom and Solflare show).
    const entropy = new Uint8Array(16)
    const { deriveWalletKeys } = await import('./deriveWalletKeys.ts')
    const keys = deriveWalletKeys(entropy)
    expect(keys.mnemonic).toBe(`${'abandon '.repeat(11)}about`)
    expect(keys.addresses.eip155).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
    expect(keys.addresses.solana).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })
})
