import { type GetCallsStatusReturnType, getCallsStatus } from '@foyer/core'
import { useCallback } from 'react'
import { type AccountQuery, useAccountQuery } from './useAccountQuery.ts'
import { useFoyer } from './useFoyer.ts'

export type UseCallsStatusParameters = { id: string | undefined }
export type UseCallsStatusReturnType = AccountQuery<GetCallsStatusReturnType>

/** Where a batch sent with `useSendCalls` is (EIP-5792, core `getCallsStatus`); `refetch` to poll. */
export function useCallsStatus({ id }: UseCallsStatusParameters): UseCallsStatusReturnType {
  const foyer = useFoyer()
  return useAccountQuery(
    useCallback(() => getCallsStatus(foyer, { id: id ?? '' }), [foyer, id]),
    { enabled: id !== undefined, key: id },
  )
}
