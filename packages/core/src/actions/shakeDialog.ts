import { DIALOG_SHAKE_MS } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'

export type ShakeDialogReturnType = undefined

/** Shakes the dialog (e.g. a refused action) for 500 ms (SPEC §4). */
export function shakeDialog(foyer: Foyer): ShakeDialogReturnType {
  const { timers } = foyer._internal
  clearTimeout(timers.shake)
  foyer.store.setState((state) => ({ dialog: { ...state.dialog, shake: true } }))
  timers.shake = setTimeout(() => {
    foyer.store.setState((state) => ({ dialog: { ...state.dialog, shake: false } }))
  }, DIALOG_SHAKE_MS)
}
