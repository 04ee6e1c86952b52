import type { CatalogLocale } from './catalogLocales.ts'

const rightToLeft: ReadonlySet<CatalogLocale> = new Set(['ar', 'he'])

/** The writing direction of a catalog's texts, for the dialog's `dir`. */
export function textDirection(locale: CatalogLocale): 'ltr' | 'rtl' {
  return rightToLeft.has(locale) ? 'rtl' : 'ltr'
}
