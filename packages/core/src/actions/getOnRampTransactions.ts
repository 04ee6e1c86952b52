import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError } from '../errors/connection.ts'
import type { OnRampTransaction } from '../onramp/types.ts'
import { onRampPartnerUserId } from './openOnRampCheckout.ts'

export type GetOnRampTransactionsParameters = {
  /** Defaults to the connected address. */
  address?: string | undefined
  signal?: AbortSignal | undefined
}
export type GetOnRampTransactionsReturnType = readonly OnRampTransaction[]
export type GetOnRampTransactionsErrorType = NotConnectedError

/** The address's purchases through the on-ramp provider, newest first: pending, done or failed. */
export async function getOnRampTransactions(
  foyer: Foyer,
  parameters: GetOnRampTransactionsParameters = {},
): Promise<GetOnRampTransactionsReturnType> {
  const address = parameters.address ?? foyer.getState().account.address
  if (!address) throw new NotConnectedError()
  const { transactions } = await getApiClient(foyer).request('getOnRampTransactions', {
    query: { partnerUserId: onRampPartnerUserId(address) },
    signal: parameters.signal,
  })
  return transactions
}
