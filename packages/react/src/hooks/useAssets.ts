import { type GetAssetsParameters, type GetAssetsReturnType, getAssets } from '@foyer/core'
import { useCallback } from 'react'
import { type AccountQuery, useAccountQuery } from './useAccountQuery.ts'
import { useFoyer } from './useFoyer.ts'

export type UseAssetsReturnType = AccountQuery<GetAssetsReturnType>

/** The active EVM account's assets as its wallet knows them (EIP-7811, core `getAssets`). */
export function useAssets(parameters: GetAssetsParameters = {}): UseAssetsReturnType {
  const foyer = useFoyer()
  const key = JSON.stringify(parameters)
  const read = useCallback(() => getAssets(foyer, JSON.parse(key)), [foyer, key])
  return useAccountQuery(read, { key })
}
