import type { Foyer } from '../createFoyer.ts'
import { close } from './close.ts'

export type GoBackReturnType = undefined

/** Returns to the previous view; going back from the first view closes the dialog (SPEC §2). */
export function goBack(foyer: Foyer): GoBackReturnType {
  const { dialog } = foyer.getState()
  if (dialog.history.length <= 1) return close(foyer)
  const history = dialog.history.slice(0, -1)
  const previous = history[history.length - 1]!
  foyer.store.setState({
    dialog: { ...dialog, view: previous.view, data: previous.data, history },
  })
}
