import { isSolanaAddress } from '@foyer/core'
import { type Address, isAddress } from '@solana/kit'
import { InvalidSolanaAddressError } from '../errors.ts'

/**
 * Checks a visitor-entered address: SPEC §5 (32 to 44 base58 characters) and a 32-byte key, which
 * is what `@solana/kit` accepts. Throws 'Invalid Solana address' otherwise.
 */
export function toAddress(value: string): Address {
  if (!isSolanaAddress(value) || !isAddress(value))
    throw new InvalidSolanaAddressError({ address: value })
  return value
}
