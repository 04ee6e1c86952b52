import type { Foyer } from '../createFoyer.ts'

export type SetDialogLoadingParameters = { loading: boolean }

/** Marks the dialog busy (spinner over the current view). */
export function setDialogLoading(foyer: Foyer, parameters: SetDialogLoadingParameters): void {
  foyer.store.setState((state) => ({ dialog: { ...state.dialog, loading: parameters.loading } }))
}
