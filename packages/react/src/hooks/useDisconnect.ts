import { type DisconnectParameters, disconnect } from '@foyer/core'
import { useCallback } from 'react'
import { type AsyncAction, useAsyncAction } from './useAsyncAction.ts'
import { useFoyer } from './useFoyer.ts'

export type UseDisconnectReturnType = AsyncAction<DisconnectParameters | undefined, void> & {
  disconnect: (parameters?: DisconnectParameters) => void
  disconnectAsync: (parameters?: DisconnectParameters) => Promise<void>
}

/** Disconnects the active wallet (or the one named); errors read 'Failed to disconnect'. */
export function useDisconnect(): UseDisconnectReturnType {
  const foyer = useFoyer()
  const action = useAsyncAction(
    useCallback(
      (parameters: DisconnectParameters | undefined) => disconnect(foyer, parameters),
      [foyer],
    ),
  )
  return {
    ...action,
    disconnect: (parameters) => action.run(parameters),
    disconnectAsync: (parameters) => action.runAsync(parameters),
  }
}
