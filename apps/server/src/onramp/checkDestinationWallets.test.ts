import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../errors.ts'
import {
  checkDestinationWallets,
  decodeBase58,
  isSolanaAddress,
} from './checkDestinationWallets.ts'

const evm = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const solana = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const solanaNetwork = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const fieldOf = (run: () => void) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError)
    return { field: (error as InvalidInputError).field, message: (error as Error).message }
  }
  return undefined
}

describe('destination wallets', () => {
  it('accepts EVM addresses on eip155 networks and Solana addresses on solana ones', () => {
    expect(
      fieldOf(() =>
        checkDestinationWallets(
          [
            { address: evm, blockchains: ['eip155:1', 'eip155:8453'] },
            { address: evm.toLowerCase(), blockchains: ['eip155:31337'] },
            { address: solana, blockchains: [solanaNetwork] },
            // The system program: 32 zero bytes.
            { address: '11111111111111111111111111111111', blockchains: [solanaNetwork] },
          ],
          solanaNetwork,
        ),
      ),
    ).toBeUndefined()
  })

  it('refuses an address of the other namespace, a bad checksum, and other namespaces', () => {
    expect(
      fieldOf(() =>
        checkDestinationWallets([{ address: evm, blockchains: [solanaNetwork] }], undefined),
      ),
    ).toEqual({
      field: 'destinationWallets.0.address',
      message: expect.stringContaining('must be a Solana address'),
    })
    expect(
      fieldOf(() =>
        checkDestinationWallets(
          [
            { address: evm, blockchains: ['eip155:1'] },
            { address: solana, blockchains: ['eip155:1'] },
          ],
          undefined,
        ),
      ),
    ).toEqual({
      field: 'destinationWallets.1.address',
      message: expect.stringContaining('must be an EVM address'),
    })
    const badChecksum = evm.replace('C51812', 'c51812')
    expect(
      fieldOf(() =>
        checkDestinationWallets([{ address: badChecksum, blockchains: ['eip155:1'] }], undefined),
      )?.field,
    ).toBe('destinationWallets.0.address')
    expect(
      fieldOf(() =>
        checkDestinationWallets(
          [{ address: evm, blockchains: ['eip155:1', 'bip122:000000000019d6689c085ae165831e93'] }],
          undefined,
        ),
      ),
    ).toEqual({
      field: 'destinationWallets.0.blockchains.1',
      message: expect.stringContaining('eip155 and solana networks only'),
    })
    expect(
      fieldOf(() =>
        checkDestinationWallets([{ address: evm, blockchains: ['eip155:mainnet'] }], undefined),
      )?.field,
    ).toBe('destinationWallets.0.blockchains.0')
  })

  it('refuses base58 that is not 32 bytes, and a default network no wallet has', () => {
    // 44 base58 characters, but more than 32 bytes.
    const tooLong = 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'
    expect(isSolanaAddress(tooLong)).toBe(false)
    expect(isSolanaAddress(solana)).toBe(true)
    expect(
      fieldOf(() =>
        checkDestinationWallets([{ address: tooLong, blockchains: [solanaNetwork] }], undefined),
      )?.field,
    ).toBe('destinationWallets.0.address')
    expect(
      fieldOf(() =>
        checkDestinationWallets([{ address: evm, blockchains: ['eip155:1'] }], 'eip155:8453'),
      ),
    ).toEqual({
      field: 'defaultNetwork',
      message: 'defaultNetwork: eip155:8453 is not a network of destinationWallets',
    })
  })

  it('decodes base58 with its leading zero bytes', () => {
    expect(decodeBase58('1112')).toEqual(Uint8Array.from([0, 0, 0, 1]))
    expect(decodeBase58('5R')).toEqual(Uint8Array.from([1, 0]))
    expect(decodeBase58('0OIl')).toBeUndefined()
  })
})
