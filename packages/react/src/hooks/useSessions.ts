import { type GetSessionsReturnType, getSessions } from '@foyer/core'
import { useCallback } from 'react'
import { type AccountQuery, useAccountQuery } from './useAccountQuery.ts'
import { useFoyer } from './useFoyer.ts'

export type UseSessionsParameters = {
  /** Read only while true (e.g. the account is a smart account). Default true. */
  enabled?: boolean | undefined
}
export type UseSessionsReturnType = AccountQuery<GetSessionsReturnType>

/** The active smart sessions of the connected account (core `getSessions`, from the Foyer server). */
export function useSessions({ enabled = true }: UseSessionsParameters = {}): UseSessionsReturnType {
  const foyer = useFoyer()
  return useAccountQuery(
    useCallback(() => getSessions(foyer), [foyer]),
    { enabled },
  )
}
