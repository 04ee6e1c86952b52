import type { Foyer } from '../createFoyer.ts'
import type { ViewData } from '../types/state.ts'
import { openingView } from '../utils/openingView.ts'
import type { View } from '../views.ts'

export type OpenParameters = { view?: View | undefined; data?: ViewData | undefined }
export type OpenReturnType = undefined

/**
 * Opens the dialog on `view`, or by default on Account when an address is connected and Connect
 * otherwise (SPEC §2). A connected wallet on an unsupported network opens UnsupportedChain.
 */
export function open(foyer: Foyer, parameters: OpenParameters = {}): OpenReturnType {
  const state = foyer.getState()
  const connected = state.account.address !== undefined
  const view = parameters.view ?? openingView(state, foyer.config)
  foyer.store.setState({
    dialog: {
      ...state.dialog,
      open: true,
      view,
      data: parameters.data,
      history: [{ view, data: parameters.data }],
      loading: false,
    },
  })
  if (!state.dialog.open) foyer._internal.emit({ type: 'MODAL_OPEN', data: { view, connected } })
}
