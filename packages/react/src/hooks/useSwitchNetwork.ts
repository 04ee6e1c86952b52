import {
  type CaipNetwork,
  type SwitchNetworkParameters,
  type SwitchNetworkReturnType,
  switchNetwork,
} from '@foyer/core'
import { useCallback, useState } from 'react'
import { type AsyncAction, useAsyncAction } from './useAsyncAction.ts'
import { useFoyer } from './useFoyer.ts'

export type UseSwitchNetworkReturnType = AsyncAction<
  SwitchNetworkParameters,
  SwitchNetworkReturnType
> & {
  /** Networks configured in `createFoyer({ networks })`. */
  networks: readonly CaipNetwork[]
  /** The CAIP-2 id of the network of the latest call (to mark it while pending or failed). */
  variablesCaipNetworkId: string | undefined
  switchNetwork: (parameters: SwitchNetworkParameters) => void
  switchNetworkAsync: (parameters: SwitchNetworkParameters) => Promise<SwitchNetworkReturnType>
}

/** Switches the active network, asking the connected wallet first. */
export function useSwitchNetwork(): UseSwitchNetworkReturnType {
  const foyer = useFoyer()
  const [variablesCaipNetworkId, setVariablesCaipNetworkId] = useState<string>()
  const action = useAsyncAction(
    useCallback(
      (parameters: SwitchNetworkParameters) => {
        setVariablesCaipNetworkId(
          typeof parameters.network === 'string'
            ? parameters.network
            : parameters.network.caipNetworkId,
        )
        return switchNetwork(foyer, parameters)
      },
      [foyer],
    ),
  )
  return {
    ...action,
    networks: foyer.config.networks,
    variablesCaipNetworkId,
    switchNetwork: action.run,
    switchNetworkAsync: action.runAsync,
  }
}
