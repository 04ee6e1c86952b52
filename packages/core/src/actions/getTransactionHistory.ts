import type { GetHistoryResponse } from '@foyer/protocol'
import { getApiClient } from '../api/getApiClient.ts'
import { ACTIVITY_NAMESPACES } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'
import { BaseError } from '../errors/base.ts'
import type { CaipNetwork, CaipNetworkId } from '../types/network.ts'
import { findNetwork } from '../utils/findNetwork.ts'

export type GetTransactionHistoryParameters = {
  /** Defaults to the current address. */
  address?: string | undefined
  /** Defaults to the active network. */
  network?: CaipNetwork | CaipNetworkId | undefined
  /** `next` of the previous page; absent for the newest page. */
  cursor?: string | undefined
  signal?: AbortSignal | undefined
}
/** One page, newest first, and the cursor of the next (older) page or null. */
export type GetTransactionHistoryReturnType = GetHistoryResponse
export type GetTransactionHistoryErrorType = NoAddressError | BaseError

export class NoAddressError extends BaseError {
  override name = 'NoAddressError'
  constructor() {
    super('Address or auth connector not found')
  }
}

/**
 * A page of the account's transaction history from the Foyer server. Activity exists only on EVM
 * networks (SPEC §6): elsewhere the answer is an empty page and no request is made.
 */
export async function getTransactionHistory(
  foyer: Foyer,
  parameters: GetTransactionHistoryParameters = {},
): Promise<GetTransactionHistoryReturnType> {
  const state = foyer.getState()
  const address = parameters.address ?? state.account.address
  const network =
    typeof parameters.network === 'string'
      ? findNetwork(foyer.config.networks, parameters.network)
      : (parameters.network ?? state.activeNetwork)
  if (!address) throw new NoAddressError()
  if (!network || !(ACTIVITY_NAMESPACES as readonly string[]).includes(network.chainNamespace))
    return { data: [], next: null }
  return getApiClient(foyer).request('getHistory', {
    params: { account: address },
    query: {
      chainId: network.caipNetworkId,
      ...(parameters.cursor ? { cursor: parameters.cursor } : {}),
    },
    signal: parameters.signal,
  })
}
