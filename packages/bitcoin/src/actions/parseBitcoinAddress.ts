import type { CaipNetwork } from '@foyer/core'
import { Address, OutScript } from '@scure/btc-signer'
import { InvalidBitcoinAddressError } from '../errors.ts'
import { type BitcoinNetworkKind, toAddressFormat, toBitcoinNetworkKind } from '../networks.ts'

export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

export type ParseBitcoinAddressParameters = {
  address: string
  /** A Foyer network, or the kind of chain whose prefixes apply. */
  network: CaipNetwork | BitcoinNetworkKind
}
export type ParseBitcoinAddressReturnType = {
  address: string
  type: BitcoinAddressType
  /** The output script (scriptPubKey) that pays the address. */
  script: Uint8Array
}
export type ParseBitcoinAddressErrorType = InvalidBitcoinAddressError

const typeByDescriptor: Record<string, BitcoinAddressType> = {
  pkh: 'p2pkh',
  sh: 'p2sh',
  wpkh: 'p2wpkh',
  wsh: 'p2wsh',
  tr: 'p2tr',
}

/**
 * Decodes an address of the network: base58check with the network's version bytes, bech32 for
 * SegWit v0 and bech32m for Taproot with its prefix (`bc`, `tb`, `bcrt`), checksums included.
 * Throws 'Invalid Bitcoin address' for anything else, including another network's address.
 */
export function parseBitcoinAddress(
  parameters: ParseBitcoinAddressParameters,
): ParseBitcoinAddressReturnType {
  const { address, network } = parameters
  const kind = toBitcoinNetworkKind(network)
  let decoded: ReturnType<ReturnType<typeof Address>['decode']>
  try {
    decoded = Address(toAddressFormat(kind)).decode(address)
  } catch (error) {
    throw new InvalidBitcoinAddressError({ address, network: kind, cause: error })
  }
  const type = typeByDescriptor[decoded.type]
  // e.g. a pay-to-anchor output: a valid script, but nobody's address to pay.
  if (!type) throw new InvalidBitcoinAddressError({ address, network: kind })
  return { address, type, script: OutScript.encode(decoded) }
}

/** Whether `address` is a valid address on `network` (see {@link parseBitcoinAddress}). */
export function isBitcoinAddress(
  address: string,
  network: CaipNetwork | BitcoinNetworkKind,
): boolean {
  try {
    parseBitcoinAddress({ address, network })
    return true
  } catch {
    return false
  }
}
