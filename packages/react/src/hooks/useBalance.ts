import type { GetBalanceReturnType } from '@foyer/core'
import { useCallback, useEffect } from 'react'
import { useFoyer } from './useFoyer.ts'
import { shallowEqual, useFoyerState } from './useFoyerState.ts'

export type UseBalanceParameters = {
  /** Fetch when the account or the active network changes (default true). */
  watch?: boolean | undefined
}

export type UseBalanceReturnType = {
  /** Native balance of the connected account on the active network, rounded down to 3 decimals. */
  balance: string | undefined
  symbol: string | undefined
  isLoading: boolean
  /** Fetches again, skipping the 30 s cache. */
  refetch: () => Promise<GetBalanceReturnType>
}

const loadGetBalance = () => import('./balanceAction.ts').then((module) => module.getBalance)

/**
 * The connected account's native balance on the active network. Fetches through core (30 s cache,
 * 'Token Balance Unavailable' toast and a 30 s retry block on failure) whenever the account or
 * network changes; nothing is fetched while disconnected.
 */
export function useBalance({ watch = true }: UseBalanceParameters = {}): UseBalanceReturnType {
  const foyer = useFoyer()
  const state = useFoyerState(
    (state) => ({
      balance: state.account.balance,
      symbol: state.account.balanceSymbol,
      isLoading: state.account.balanceLoading,
      address: state.account.address,
      caipNetworkId: state.activeNetwork.caipNetworkId,
      unsupported: state.unsupportedNetwork,
    }),
    shallowEqual,
  )
  const { address, caipNetworkId, unsupported } = state

  useEffect(() => {
    if (!watch || !address || unsupported) return
    // Failures surface as core's error toast; nothing to do here.
    loadGetBalance()
      .then((getBalance) => getBalance(foyer, { address, network: caipNetworkId }))
      .catch(() => {})
  }, [foyer, watch, address, caipNetworkId, unsupported])

  const refetch = useCallback(
    () => loadGetBalance().then((getBalance) => getBalance(foyer, { force: true })),
    [foyer],
  )
  return { balance: state.balance, symbol: state.symbol, isLoading: state.isLoading, refetch }
}
