// On the host page: which catalogs exist and which one a BCP 47 tag reads. The texts themselves
// are loaded on demand (pageTranslations.ts for the buttons, loadCatalog.ts for the dialog).

/** The locales Foyer has texts for. English is built in; every other one is its own chunk. */
export const CATALOG_LOCALES = [
  'en',
  'ar',
  'de',
  'es',
  'fr',
  'he',
  'hi',
  'id',
  'ja',
  'ko',
  'pt',
  'ru',
  'tr',
  'zh-CN',
] as const
export type CatalogLocale = (typeof CATALOG_LOCALES)[number]
/** A catalog that is fetched when needed (all but the built-in English). */
export type LazyCatalogLocale = Exclude<CatalogLocale, 'en'>

const language = (tag: string) => tag.toLowerCase().split(/[-_]/)[0]

/**
 * The catalog for a BCP 47 tag: the same tag ('zh-CN'), else the same language ('pt-BR' → 'pt',
 * 'zh' and 'zh-TW' → 'zh-CN'), else none.
 */
export function matchCatalogLocale(tag: string): CatalogLocale | undefined {
  const lower = tag.toLowerCase()
  return (
    CATALOG_LOCALES.find((locale) => locale.toLowerCase() === lower) ??
    CATALOG_LOCALES.find((locale) => language(locale) === language(tag))
  )
}

/** The first of the visitor's languages (`navigator.languages`, best first) Foyer has texts for. */
export function preferredLocale(languages: readonly string[]): string | undefined {
  return languages.find((tag) => matchCatalogLocale(tag) !== undefined)
}
