import type { AccountState, CaipAddress, ChainNamespace, ConnectionStatus } from '@foyer/core'
import { shallowEqual, useFoyerState } from './useFoyerState.ts'

export type UseAccountReturnType = {
  address: string | undefined
  caipAddress: CaipAddress | undefined
  status: ConnectionStatus
  isConnected: boolean
  isConnecting: boolean
  isDisconnected: boolean
  namespace: ChainNamespace | undefined
  profileName: string | undefined
  profileImage: string | undefined
  /** Every account field of SPEC §3, as the store holds it. */
  account: AccountState
}

/** The connected account and the connection status. */
export function useAccount(): UseAccountReturnType {
  return useFoyerState(
    (state) => ({
      address: state.account.address,
      caipAddress: state.account.caipAddress,
      status: state.status,
      isConnected: state.status === 'connected' && state.account.address !== undefined,
      isConnecting: state.status === 'connecting',
      isDisconnected: state.status === 'disconnected',
      namespace: state.activeNamespace,
      profileName: state.account.profileName,
      profileImage: state.account.profileImage,
      account: state.account,
    }),
    shallowEqual,
  )
}
