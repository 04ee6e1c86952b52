import {
  type ParseBitcoinAddressReturnType,
  parseBitcoinAddress,
} from '../actions/parseBitcoinAddress.ts'
import { InvalidBitcoinAddressError } from '../errors.ts'
import type { BitcoinNetworkKind } from '../networks.ts'

// Regtest first: its `bcrt` prefix is its own, while base58 addresses read the same on testnet.
const kinds: readonly BitcoinNetworkKind[] = ['regtest', 'mainnet', 'testnet']

/** Parses an address of whichever chain its prefix names, for checks that take no network. */
export function parseAnyBitcoinAddress(
  address: string,
): ParseBitcoinAddressReturnType & { kind: BitcoinNetworkKind } {
  for (const kind of kinds) {
    try {
      return { ...parseBitcoinAddress({ address, network: kind }), kind }
    } catch {}
  }
  throw new InvalidBitcoinAddressError({ address })
}
