import type { UserRejectedRequestError } from '@foyer/core'
import { toWalletError } from '../errors.ts'
import type { CosmosWallet } from '../types.ts'

export type SignCosmosMessageParameters = {
  wallet: CosmosWallet
  chainId: string
  address: string
  message: string | Uint8Array
}
/** The `StdSignature` as JSON: `{"pub_key":{"type":…,"value":…},"signature":…}` (base64). */
export type SignCosmosMessageReturnType = string
export type SignCosmosMessageErrorType = UserRejectedRequestError | Error

/**
 * Has the wallet sign `message` per ADR-36 (Keplr's `signArbitrary`: an amino `sign/MsgSignData`
 * doc with empty chain id, fee and numbers). The signature comes back with its public key, as
 * JSON, since a Cosmos address (a hash) cannot verify a signature on its own.
 */
export async function signCosmosMessage(
  parameters: SignCosmosMessageParameters,
): Promise<SignCosmosMessageReturnType> {
  const { wallet, chainId, address, message } = parameters
  try {
    const { pub_key, signature } = await wallet.signArbitrary(chainId, address, message)
    return JSON.stringify({ pub_key, signature })
  } catch (error) {
    throw toWalletError(error, 'Signature rejected')
  }
}
