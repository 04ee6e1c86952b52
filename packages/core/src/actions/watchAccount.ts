import type { Foyer } from '../createFoyer.ts'
import type { AccountState, ConnectionStatus } from '../types/state.ts'

export type WatchAccountParameters = {
  onChange(
    account: AccountState & { status: ConnectionStatus },
    previousAccount: AccountState & { status: ConnectionStatus },
  ): void
}
export type WatchAccountReturnType = () => void

/** Calls `onChange` when the account state or connection status changes; returns unwatch. */
export function watchAccount(
  foyer: Foyer,
  parameters: WatchAccountParameters,
): WatchAccountReturnType {
  return foyer.subscribe((state, previous) => {
    if (state.account === previous.account && state.status === previous.status) return
    parameters.onChange(
      { ...state.account, status: state.status },
      { ...previous.account, status: previous.status },
    )
  })
}
