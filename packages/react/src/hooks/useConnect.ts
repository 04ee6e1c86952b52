import {
  type Connector,
  type ConnectParameters,
  type ConnectReturnType,
  connect,
} from '@foyer/core'
import { useCallback } from 'react'
import { type AsyncAction, useAsyncAction } from './useAsyncAction.ts'
import { useFoyer } from './useFoyer.ts'
import { useFoyerState } from './useFoyerState.ts'

export type UseConnectReturnType = AsyncAction<ConnectParameters, ConnectReturnType> & {
  /** Every connector currently discovered (installed, announced, configured). */
  connectors: readonly Connector[]
  /** Shorthand for `run`: `connect({ connectorId })`. */
  connect: (parameters: ConnectParameters) => void
  connectAsync: (parameters: ConnectParameters) => Promise<ConnectReturnType>
}

/**
 * Connects a wallet by connector id. Errors carry SPEC §8 texts in `error.shortMessage`
 * ('Connection rejected', 'Modal closed', 'Failed to connect').
 */
export function useConnect(): UseConnectReturnType {
  const foyer = useFoyer()
  const connectors = useFoyerState((state) => state.connectors)
  const action = useAsyncAction(
    useCallback((parameters: ConnectParameters) => connect(foyer, parameters), [foyer]),
  )
  return { ...action, connectors, connect: action.run, connectAsync: action.runAsync }
}
