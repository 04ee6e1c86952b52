import type { OnRampDestinationWallet } from '@foyer/protocol'
import { isAddress } from 'viem'
import { InvalidInputError } from '../errors.ts'

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** The bytes of a base58 string (Bitcoin alphabet), or undefined when it is not base58. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n
  for (const character of text) {
    const digit = base58Alphabet.indexOf(character)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value % 256n))
    value /= 256n
  }
  // Each leading '1' is a leading zero byte.
  for (const character of text) {
    if (character !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/** A Solana account address: base58 of exactly 32 bytes (an ed25519 key or a program address). */
export function isSolanaAddress(text: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text) && decodeBase58(text)?.length === 32
}

/**
 * Checks what the schema cannot: every network of a wallet is one the on-ramp delivers on (eip155
 * with a decimal chain id, or solana; SPEC §6: on-ramp is EVM and Solana only) and the address is
 * one of that namespace (0x with a valid checksum when mixed-case; 32 bytes of base58), so crypto
 * is never sent to an address its network cannot hold. `defaultNetwork` must be one of the
 * wallets' networks. Throws a 400 naming the field.
 */
export function checkDestinationWallets(
  wallets: readonly OnRampDestinationWallet[],
  defaultNetwork: string | undefined,
): void {
  wallets.forEach((wallet, index) => {
    wallet.blockchains.forEach((network, at) => {
      const [namespace = '', reference = ''] = network.split(':')
      const field = `destinationWallets.${index}.blockchains.${at}`
      if (namespace === 'eip155') {
        if (!/^[1-9]\d{0,15}$/.test(reference))
          throw new InvalidInputError(`${field}: ${network} has no decimal chain id`, field)
        if (!isAddress(wallet.address))
          throw new InvalidInputError(
            `destinationWallets.${index}.address must be an EVM address (0x followed by 40 hex characters, checksummed when mixed-case) to receive on ${network}`,
            `destinationWallets.${index}.address`,
          )
      } else if (namespace === 'solana') {
        if (!isSolanaAddress(wallet.address))
          throw new InvalidInputError(
            `destinationWallets.${index}.address must be a Solana address (base58 of 32 bytes) to receive on ${network}`,
            `destinationWallets.${index}.address`,
          )
      } else {
        throw new InvalidInputError(
          `${field}: on-ramp delivers on eip155 and solana networks only, not ${network}`,
          field,
        )
      }
    })
  })
  if (
    defaultNetwork !== undefined &&
    !wallets.some((wallet) => wallet.blockchains.includes(defaultNetwork))
  )
    throw new InvalidInputError(
      `defaultNetwork: ${defaultNetwork} is not a network of destinationWallets`,
      'defaultNetwork',
    )
}
