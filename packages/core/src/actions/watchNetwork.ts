import type { Foyer } from '../createFoyer.ts'
import type { CaipNetwork, ChainNamespace } from '../types/network.ts'

export type NetworkState = {
  activeNetwork: CaipNetwork
  activeNamespace: ChainNamespace | undefined
  unsupportedNetwork: boolean
}
export type WatchNetworkParameters = {
  onChange(network: NetworkState, previousNetwork: NetworkState): void
}
export type WatchNetworkReturnType = () => void

/** Calls `onChange` when the active network, namespace or its support changes; returns unwatch. */
export function watchNetwork(
  foyer: Foyer,
  parameters: WatchNetworkParameters,
): WatchNetworkReturnType {
  const pick = (state: ReturnType<Foyer['getState']>): NetworkState => ({
    activeNetwork: state.activeNetwork,
    activeNamespace: state.activeNamespace,
    unsupportedNetwork: state.unsupportedNetwork,
  })
  return foyer.subscribe((state, previous) => {
    if (
      state.activeNetwork === previous.activeNetwork &&
      state.activeNamespace === previous.activeNamespace &&
      state.unsupportedNetwork === previous.unsupportedNetwork
    )
      return
    parameters.onChange(pick(state), pick(previous))
  })
}
