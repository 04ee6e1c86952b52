import { type GetCapabilitiesReturnType, getCapabilities } from '@foyer/core'
import { useCallback } from 'react'
import { type AccountQuery, useAccountQuery } from './useAccountQuery.ts'
import { useFoyer } from './useFoyer.ts'

export type UseCapabilitiesReturnType = AccountQuery<GetCapabilitiesReturnType>

/** What the wallet can do for the active EVM account (EIP-5792, core `getCapabilities`). */
export function useCapabilities(): UseCapabilitiesReturnType {
  const foyer = useFoyer()
  return useAccountQuery(useCallback(() => getCapabilities(foyer), [foyer]))
}
