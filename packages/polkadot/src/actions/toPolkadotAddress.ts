import { InvalidPolkadotAddressError } from '../errors.ts'
import { loadUtilCrypto } from '../lazy.ts'
import { GENERIC_SS58_PREFIX } from '../networks.ts'

export type ToPolkadotAddressParameters = {
  address: string
  /** The format to return it in. Default 42 (generic Substrate). */
  ss58Prefix?: number | undefined
}
/** The same account in the requested SS58 format. */
export type ToPolkadotAddressReturnType = string
export type ToPolkadotAddressErrorType = InvalidPolkadotAddressError

/**
 * Checks a visitor-entered address and formats it for a network: SS58 (base58 with a valid
 * checksum) of a 32-byte account id, in any chain's format (the key is the same on every chain).
 * Hex, Ethereum addresses and typos are refused with 'Invalid Polkadot address'.
 */
export async function toPolkadotAddress(
  parameters: ToPolkadotAddressParameters,
): Promise<ToPolkadotAddressReturnType> {
  const { address, ss58Prefix = GENERIC_SS58_PREFIX } = parameters
  const value = address.trim()
  // `decodeAddress` also takes hex public keys of any length: a visitor's `0x…` is not SS58.
  if (!value || /^0x/i.test(value)) throw new InvalidPolkadotAddressError({ address })
  const { decodeAddress, encodeAddress } = await loadUtilCrypto()
  let accountId: Uint8Array
  try {
    accountId = decodeAddress(value)
  } catch (cause) {
    throw new InvalidPolkadotAddressError({ address, cause })
  }
  if (accountId.length !== 32)
    throw new InvalidPolkadotAddressError({
      address,
      details: `${address} holds ${accountId.length} bytes, not a 32-byte account id.`,
    })
  return encodeAddress(accountId, ss58Prefix)
}
