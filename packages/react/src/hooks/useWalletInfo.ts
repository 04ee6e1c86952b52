import type { AccountState } from '@foyer/core'
import { useFoyerState } from './useFoyerState.ts'

export type UseWalletInfoReturnType = {
  /** Name, icon and connector id of the connected wallet; undefined when disconnected. */
  walletInfo: AccountState['connectedWalletInfo']
}

/** Which wallet is connected. */
export function useWalletInfo(): UseWalletInfoReturnType {
  const walletInfo = useFoyerState((state) => state.account.connectedWalletInfo)
  return { walletInfo }
}
