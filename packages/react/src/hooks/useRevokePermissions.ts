import {
  type RevokePermissionsParameters,
  type RevokePermissionsReturnType,
  revokePermissions,
} from '@foyer/core'
import { useCallback } from 'react'
import { type AsyncAction, useAsyncAction } from './useAsyncAction.ts'
import { useFoyer } from './useFoyer.ts'

export type UseRevokePermissionsReturnType = AsyncAction<
  RevokePermissionsParameters,
  RevokePermissionsReturnType
> & {
  revokePermissions: (parameters: RevokePermissionsParameters) => void
  revokePermissionsAsync: (
    parameters: RevokePermissionsParameters,
  ) => Promise<RevokePermissionsReturnType>
}

/** Ends a smart session of the active smart account (ERC-7715, core `revokePermissions`). */
export function useRevokePermissions(): UseRevokePermissionsReturnType {
  const foyer = useFoyer()
  const action = useAsyncAction(
    useCallback(
      (parameters: RevokePermissionsParameters) => revokePermissions(foyer, parameters),
      [foyer],
    ),
  )
  return { ...action, revokePermissions: action.run, revokePermissionsAsync: action.runAsync }
}
