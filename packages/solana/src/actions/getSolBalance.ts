import type { CaipNetwork } from '@foyer/core'
import type { InvalidSolanaAddressError } from '../errors.ts'
import { createRpc } from './createRpc.ts'
import { toAddress } from './toAddress.ts'

export type GetSolBalanceParameters = { network: CaipNetwork; address: string }
/** Lamports (1 SOL = 10^9). */
export type GetSolBalanceReturnType = bigint
export type GetSolBalanceErrorType = InvalidSolanaAddressError | Error

/** The SOL balance of an address, as the network's RPC reports it (`getBalance`). */
export async function getSolBalance(
  parameters: GetSolBalanceParameters,
): Promise<GetSolBalanceReturnType> {
  const { value } = await createRpc(parameters)
    .getBalance(toAddress(parameters.address), { commitment: 'confirmed' })
    .send()
  return value
}
