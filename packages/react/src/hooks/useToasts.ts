import {
  type HideToastParameters,
  hideToast,
  type ShowToastParameters,
  type ShowToastReturnType,
  showToast,
  type Toast,
} from '@foyer/core'
import { useMemo } from 'react'
import { useFoyer } from './useFoyer.ts'
import { useFoyerState } from './useFoyerState.ts'

export type UseToastsReturnType = {
  /** The toast on screen (core queues them, one at a time with a 150 ms gap). */
  toast: Toast | undefined
  showToast: (parameters: ShowToastParameters) => ShowToastReturnType
  hideToast: (parameters?: HideToastParameters) => void
}

/** The current toast (loading, success or error) and the functions to show and hide one. */
export function useToasts(): UseToastsReturnType {
  const foyer = useFoyer()
  const toast = useFoyerState((state) => state.toast)
  const actions = useMemo(
    () => ({
      showToast: (parameters: ShowToastParameters) => showToast(foyer, parameters),
      hideToast: (parameters?: HideToastParameters) => hideToast(foyer, parameters),
    }),
    [foyer],
  )
  return { toast, ...actions }
}
