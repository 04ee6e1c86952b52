import {
  type GrantPermissionsParameters,
  type GrantPermissionsReturnType,
  grantPermissions,
} from '@foyer/core'
import { useCallback } from 'react'
import { type AsyncAction, useAsyncAction } from './useAsyncAction.ts'
import { useFoyer } from './useFoyer.ts'

export type UseGrantPermissionsReturnType = AsyncAction<
  GrantPermissionsParameters,
  GrantPermissionsReturnType
> & {
  grantPermissions: (parameters: GrantPermissionsParameters) => void
  grantPermissionsAsync: (
    parameters: GrantPermissionsParameters,
  ) => Promise<GrantPermissionsReturnType>
}

/** Asks the active smart account for a smart session (ERC-7715, core `grantPermissions`). */
export function useGrantPermissions(): UseGrantPermissionsReturnType {
  const foyer = useFoyer()
  const action = useAsyncAction(
    useCallback(
      (parameters: GrantPermissionsParameters) => grantPermissions(foyer, parameters),
      [foyer],
    ),
  )
  return { ...action, grantPermissions: action.run, grantPermissionsAsync: action.runAsync }
}
