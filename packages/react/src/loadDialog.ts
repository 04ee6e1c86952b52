import type { Foyer, View } from '@foyer/core'

/** Loads the dialog chunk. Bundlers split here: nothing under `./dialog/` is in the entry chunk. */
export function loadDialog() {
  return import('./dialog/index.ts')
}

/** The view `open()` would show right now (SPEC §2 rules), to preload its chunk too. */
function initialView(foyer: Foyer): View {
  const state = foyer.getState()
  if (state.account.address === undefined) return 'Connect'
  return state.unsupportedNetwork && !foyer.config.allowUnsupportedChain
    ? 'UnsupportedChain'
    : 'Account'
}

/**
 * Starts loading the dialog, the view it would open on and the texts of the instance's locale,
 * e.g. on hover or focus of a trigger, so a click paints the first view without waiting for the
 * network. Safe to call repeatedly: module loading is cached by the runtime.
 */
export function prefetchDialog(foyer: Foyer, view?: View): Promise<void> {
  return loadDialog()
    .then((dialog) =>
      dialog.prepareDialog({ view: view ?? initialView(foyer), locale: foyer.getState().locale }),
    )
    .then(
      () => {},
      // A failed prefetch is retried by the real open; nothing to report here.
      () => {},
    )
}
