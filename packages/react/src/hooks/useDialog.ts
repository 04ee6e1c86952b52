import {
  close,
  type DialogRoute,
  goBack,
  type NavigateParameters,
  navigate,
  type OpenParameters,
  open,
  type View,
  type ViewData,
} from '@foyer/core'
import { useMemo } from 'react'
import { useFoyer } from './useFoyer.ts'
import { shallowEqual, useFoyerState } from './useFoyerState.ts'

export type UseDialogReturnType = {
  isOpen: boolean
  view: View
  data: ViewData | undefined
  history: readonly DialogRoute[]
  isLoading: boolean
  /** True for 500 ms after an error shake. */
  isShaking: boolean
  /** Opens on Account when connected, Connect otherwise, or on the view given. */
  open: (parameters?: OpenParameters) => void
  /** Closes and resets to Connect; a pending connection rejects with 'Modal closed'. */
  close: () => void
  /** Previous view; from the first view it closes. */
  goBack: () => void
  navigate: (parameters: NavigateParameters) => void
}

/** Dialog state and routing, for custom triggers or a fully headless UI. */
export function useDialog(): UseDialogReturnType {
  const foyer = useFoyer()
  const state = useFoyerState(
    (state) => ({
      isOpen: state.dialog.open,
      view: state.dialog.view,
      data: state.dialog.data,
      history: state.dialog.history,
      isLoading: state.dialog.loading,
      isShaking: state.dialog.shake,
    }),
    shallowEqual,
  )
  const actions = useMemo(
    () => ({
      open: (parameters?: OpenParameters) => open(foyer, parameters),
      close: () => close(foyer),
      goBack: () => goBack(foyer),
      navigate: (parameters: NavigateParameters) => navigate(foyer, parameters),
    }),
    [foyer],
  )
  return { ...state, ...actions }
}
