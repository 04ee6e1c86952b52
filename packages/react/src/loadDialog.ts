import { type Foyer, loadAdapters, openingView, type View } from '@foyer/core'

/** Loads the dialog chunk. Bundlers split here: nothing under `./dialog/` is in the entry chunk. */
export function loadDialog() {
  return import('./dialog/index.ts')
}

export type PrepareOverlayParameters = {
  /** The view to load; default the one `open()` would show now. */
  view?: View | undefined
  /** The locale whose texts to load; default the instance's. */
  locale?: string | undefined
}

/**
 * Loads everything the dialog's first frame needs: the dialog chunk, the chunk of the view it
 * opens on, the texts of the locale and the adapters whose code loads late (their wallets are the
 * Connect view's rows). Rejects only when the dialog chunk does not arrive.
 */
export async function prepareOverlay(foyer: Foyer, parameters: PrepareOverlayParameters = {}) {
  // The view's chunk and texts start as soon as the dialog chunk is in, not after the adapters.
  const dialog = loadDialog()
  const prepared = dialog.then((module) =>
    module.prepareDialog({
      foyer,
      view: parameters.view ?? openingView(foyer.getState(), foyer.config),
      locale: parameters.locale ?? foyer.getState().locale,
    }),
  )
  await Promise.all([prepared, loadAdapters(foyer.config.adapters)])
  return dialog
}

/**
 * Starts loading what the dialog shows first (see `prepareOverlay`), e.g. on hover or focus of a
 * trigger, so a click paints the first view without waiting for the network. Safe to call
 * repeatedly: module loading is cached by the runtime.
 */
export function prefetchDialog(foyer: Foyer, view?: View): Promise<void> {
  return prepareOverlay(foyer, { view }).then(
    () => {},
    // A failed prefetch is retried by the real open; nothing to report here.
    () => {},
  )
}
