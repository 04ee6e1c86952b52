import type { Foyer } from '../createFoyer.ts'
import type { ViewData } from '../types/state.ts'
import type { View } from '../views.ts'

export type NavigateParameters = {
  view: View
  data?: ViewData | undefined
  /** Replace the current view instead of pushing, so Back skips it. */
  replace?: boolean | undefined
}
export type NavigateReturnType = undefined

/** Shows `view` inside the open dialog (opening it when closed) and records it for Back. */
export function navigate(foyer: Foyer, parameters: NavigateParameters): NavigateReturnType {
  const { dialog } = foyer.getState()
  const route = { view: parameters.view, data: parameters.data }
  const base = parameters.replace ? dialog.history.slice(0, -1) : dialog.history
  foyer.store.setState({
    dialog: {
      ...dialog,
      open: true,
      view: route.view,
      data: route.data,
      history: [...(dialog.open ? base : []), route],
    },
  })
}
