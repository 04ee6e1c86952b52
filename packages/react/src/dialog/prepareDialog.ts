import { type Foyer, restoreDisconnectedConnections, type View, visitorTimeZone } from '@foyer/core'
import { matchCatalogLocale } from '../i18n/catalogLocales.ts'
import { loadCatalog } from '../i18n/loadCatalog.ts'
import { preloadView } from './views/registry.ts'

export type PrepareDialogParameters = {
  foyer: Foyer
  /** The view it opens on, whose chunk to load; none when only toasts show. */
  view?: View | undefined
  /** The BCP 47 locale whose texts to load (English when Foyer has none for it). */
  locale: string
}

/**
 * Loads what the dialog shows first: its view's chunk and its texts. Never fails: a view that does
 * not arrive loads again when shown, and texts that do not arrive leave the dialog in English.
 * Also reads the visitor's time zone (the features in effect depend on it), so the page's first
 * `Intl.DateTimeFormat`, which loads the locale's date data (about 100 ms in Chromium), happens
 * here, ahead of the click, and not in the render of the dialog's first frame. And it puts the
 * wallets the visitor left on an earlier visit in the state, for ProfileWallets.
 */
export async function prepareDialog({
  foyer,
  view,
  locale,
}: PrepareDialogParameters): Promise<void> {
  visitorTimeZone()
  restoreDisconnectedConnections(foyer)
  await Promise.all([
    view ? preloadView(view).catch(() => {}) : undefined,
    loadCatalog(matchCatalogLocale(locale) ?? 'en').catch(() => {}),
  ])
}
