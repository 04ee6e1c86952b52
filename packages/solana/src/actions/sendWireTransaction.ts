import type { CaipNetwork } from '@foyer/core'
import { type Base64EncodedWireTransaction, getBase64Decoder } from '@solana/kit'
import { createRpc } from './createRpc.ts'

export type SendWireTransactionParameters = {
  network: CaipNetwork
  /** A signed wire transaction. */
  transaction: Uint8Array
}
export type SendWireTransactionReturnType = string
export type SendWireTransactionErrorType = Error

/**
 * Sends a signed wire transaction through the network's RPC (preflight at `confirmed`) and
 * resolves with its base58 signature; the RPC's error (a failed simulation) otherwise.
 */
export async function sendWireTransaction(
  parameters: SendWireTransactionParameters,
): Promise<SendWireTransactionReturnType> {
  const wire = getBase64Decoder().decode(parameters.transaction) as Base64EncodedWireTransaction
  return await createRpc(parameters)
    .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
    .send()
}
