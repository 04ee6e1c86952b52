import { useEffect, useState } from 'react'
import type { CatalogLocale } from './catalogLocales.ts'
import type { Messages } from './en.ts'
import { loadCatalog, loadedCatalog } from './loadCatalog.ts'

export type ShownCatalog = { locale: CatalogLocale; messages: Messages }

/**
 * The dialog's texts for `locale`. Until its catalog arrives the previous one stays on screen (a
 * switch never flashes English in between); a catalog that cannot be fetched leaves English.
 */
export function useCatalog(locale: CatalogLocale): ShownCatalog {
  const [shown, setShown] = useState<ShownCatalog>(() => ({
    locale: loadedCatalog(locale) ? locale : 'en',
    messages: loadedCatalog(locale) ?? loadedCatalog('en')!,
  }))
  useEffect(() => {
    let current = true
    loadCatalog(locale).then(
      (messages) =>
        current &&
        setShown((previous) => (previous.messages === messages ? previous : { locale, messages })),
      () => current && setShown({ locale: 'en', messages: loadedCatalog('en')! }),
    )
    return () => {
      current = false
    }
  }, [locale])
  const ready = loadedCatalog(locale)
  return ready ? { locale, messages: ready } : shown
}
