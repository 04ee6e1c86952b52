import type { CaipNetwork } from '@foyer/core'
import { useFoyer } from './useFoyer.ts'
import { shallowEqual, useFoyerState } from './useFoyerState.ts'

export type UseNetworkReturnType = {
  /** The active network (the first configured one until a wallet or the visitor picks another). */
  network: CaipNetwork
  /** Every configured network. */
  networks: readonly CaipNetwork[]
  /** The connected wallet sits on a network that is not configured. */
  isUnsupported: boolean
  /** A switch to another namespace is in progress (SPEC §4). */
  isSwitchingNamespace: boolean
}

/** The active network and the configured ones. */
export function useNetwork(): UseNetworkReturnType {
  const foyer = useFoyer()
  const state = useFoyerState(
    (state) => ({
      network: state.activeNetwork,
      isUnsupported: state.unsupportedNetwork,
      isSwitchingNamespace: state.switchingNamespace,
    }),
    shallowEqual,
  )
  return { ...state, networks: foyer.config.networks }
}
