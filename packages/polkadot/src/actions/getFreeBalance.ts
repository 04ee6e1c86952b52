import type { ApiPromise } from '@polkadot/api'
import { type InvalidPolkadotAddressError, PalletNotFoundError } from '../errors.ts'
import { toPolkadotAddress } from './toPolkadotAddress.ts'

export type GetFreeBalanceParameters = { api: ApiPromise; address: string }
/** Planck (1 DOT = 10^10, 1 KSM or ROC = 10^12). */
export type GetFreeBalanceReturnType = bigint
export type GetFreeBalanceErrorType = InvalidPolkadotAddressError | PalletNotFoundError

type AccountInfo = { data: { free: { toBigInt(): bigint } } }

/** The free balance of an account, as `system.account` on the node reports it. */
export async function getFreeBalance(
  parameters: GetFreeBalanceParameters,
): Promise<GetFreeBalanceReturnType> {
  const { api } = parameters
  const address = await toPolkadotAddress({
    address: parameters.address,
    ss58Prefix: api.registry.chainSS58,
  })
  // Read through the metadata, not generated types: any FRAME chain has `system.account`.
  const query = api.query.system?.account
  if (!query) throw new PalletNotFoundError({ item: 'system.account' })
  const info = (await query(address)) as unknown as AccountInfo
  return info.data.free.toBigInt()
}
