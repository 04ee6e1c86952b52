import { ApiRequestError } from '../api/errors.ts'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError } from '../errors/connection.ts'
import { SwapNetworkNotSupportedError } from '../swap/errors.ts'
import type { SwapToken } from '../swap/types.ts'
import { getTokenBalances } from './getTokenBalances.ts'

export type GetSwapTokensReturnType = readonly SwapToken[]
export type GetSwapTokensErrorType = NotConnectedError | SwapNetworkNotSupportedError

/** The native currency's CAIP-10 address on swap routes. */
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * The tokens the server can swap on the active network, with the visitor's balances and USD
 * values (from the balance route), native first. 'Network not supported for Swaps' off EVM or
 * where the server has no swap venue.
 */
export async function getSwapTokens(foyer: Foyer): Promise<GetSwapTokensReturnType> {
  const state = foyer.getState()
  const network = state.activeNetwork
  if (!state.account.address) throw new NotConnectedError()
  if (network.chainNamespace !== 'eip155') throw new SwapNetworkNotSupportedError()
  const [{ tokens }, balances] = await Promise.all([
    getApiClient(foyer)
      .request('getSwapTokens', { query: { chainId: network.caipNetworkId } })
      .catch((error: unknown) => {
        throw toSwapError(error)
      }),
    getTokenBalances(foyer, { force: true }).catch(() => []),
  ])
  const balanceOf = (address: string) => {
    const contract = address.slice(address.lastIndexOf(':') + 1).toLowerCase()
    return balances.find((balance) =>
      contract === NATIVE
        ? balance.address === undefined
        : balance.address?.toLowerCase().endsWith(contract),
    )
  }
  return tokens.map((token) => {
    const balance = balanceOf(token.address)
    return {
      ...token,
      quantity: balance?.quantity.numeric ?? '0',
      price: balance?.price ?? 0,
      value: balance?.value ?? 0,
    }
  })
}

/** The server's 'Network not supported for Swaps' as its error class; others as they are. */
export function toSwapError(error: unknown): unknown {
  if (
    error instanceof ApiRequestError &&
    error.serverMessage?.includes('Network not supported for Swaps')
  )
    return new SwapNetworkNotSupportedError({ cause: error })
  return error
}
