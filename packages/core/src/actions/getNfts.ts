import type { GetNftsResponse } from '@foyer/protocol'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import type { CaipNetwork, CaipNetworkId } from '../types/network.ts'
import { findNetwork } from '../utils/findNetwork.ts'
import { NoAddressError } from './getTransactionHistory.ts'

export type GetNftsParameters = {
  /** Defaults to the current address. */
  address?: string | undefined
  /** Defaults to the active network. */
  network?: CaipNetwork | CaipNetworkId | undefined
  /** `next` of the previous page. */
  cursor?: string | undefined
  signal?: AbortSignal | undefined
}
export type GetNftsReturnType = GetNftsResponse
export type GetNftsErrorType = NoAddressError

/**
 * ERC-721 tokens the account owns on a network, with name and image, from the Foyer server's
 * index. Only EVM networks hold them: elsewhere the answer is empty and no request is made.
 */
export async function getNfts(
  foyer: Foyer,
  parameters: GetNftsParameters = {},
): Promise<GetNftsReturnType> {
  const state = foyer.getState()
  const address = parameters.address ?? state.account.address
  const network =
    typeof parameters.network === 'string'
      ? findNetwork(foyer.config.networks, parameters.network)
      : (parameters.network ?? state.activeNetwork)
  if (!address) throw new NoAddressError()
  if (network?.chainNamespace !== 'eip155') return { data: [], next: null }
  return getApiClient(foyer).request('getNfts', {
    params: { address },
    query: {
      chainId: network.caipNetworkId,
      ...(parameters.cursor ? { cursor: parameters.cursor } : {}),
    },
    signal: parameters.signal,
  })
}
