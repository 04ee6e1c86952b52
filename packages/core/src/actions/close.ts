import type { Foyer } from '../createFoyer.ts'

export type CloseReturnType = undefined

/**
 * Closes the dialog and resets it to Connect (SPEC §2). A connection still pending rejects with
 * 'Modal closed', so callers awaiting `connect` never hang.
 */
export function close(foyer: Foyer): CloseReturnType {
  const state = foyer.getState()
  const pending = foyer._internal.pendingConnect
  foyer._internal.pendingConnect = undefined
  foyer.store.setState({
    dialog: {
      ...state.dialog,
      open: false,
      view: 'Connect',
      data: undefined,
      history: [],
      loading: false,
    },
  })
  pending?.close()
  if (state.dialog.open)
    foyer._internal.emit({
      type: 'MODAL_CLOSE',
      data: { connected: state.account.address !== undefined },
    })
}
