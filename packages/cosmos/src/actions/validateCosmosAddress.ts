import { InvalidCosmosAddressError } from '../errors.ts'

export type ValidateCosmosAddressParameters = {
  address: string
  /** The chain's account prefix, e.g. `cosmos`. */
  bech32Prefix: string
}
/** The address in its canonical (lower-case) spelling. */
export type ValidateCosmosAddressReturnType = string
export type ValidateCosmosAddressErrorType = InvalidCosmosAddressError

/**
 * Checks a visitor-entered address: bech32 with a valid checksum, the chain's prefix, and 20
 * (account) or 32 (module or contract account) address bytes. Throws 'Invalid Cosmos address'.
 */
export async function validateCosmosAddress(
  parameters: ValidateCosmosAddressParameters,
): Promise<ValidateCosmosAddressReturnType> {
  const { address, bech32Prefix } = parameters
  const { fromBech32 } = await import('@cosmjs/encoding')
  let decoded: { prefix: string; data: Uint8Array }
  try {
    // An explicit length limit: cosmjs' default (Infinity) is refused by @scure/base ≥ 2.1.
    decoded = fromBech32(address.trim(), 90)
  } catch (error) {
    throw new InvalidCosmosAddressError({ address, bech32Prefix, cause: error })
  }
  if (decoded.prefix !== bech32Prefix || (decoded.data.length !== 20 && decoded.data.length !== 32))
    throw new InvalidCosmosAddressError({ address, bech32Prefix })
  return address.trim().toLowerCase()
}
