import type { CatalogLocale, LazyCatalogLocale } from './catalogLocales.ts'
import { en, type Messages } from './en.ts'

type CatalogModule = { readonly messages: Messages }

// One import() per locale, each with a literal path: bundlers make one chunk per catalog and
// fetch only the one asked for.
const catalogModules: Record<LazyCatalogLocale, () => Promise<CatalogModule>> = {
  ar: () => import('./locales/ar.ts'),
  de: () => import('./locales/de.ts'),
  es: () => import('./locales/es.ts'),
  fr: () => import('./locales/fr.ts'),
  he: () => import('./locales/he.ts'),
  hi: () => import('./locales/hi.ts'),
  id: () => import('./locales/id.ts'),
  ja: () => import('./locales/ja.ts'),
  ko: () => import('./locales/ko.ts'),
  pt: () => import('./locales/pt.ts'),
  ru: () => import('./locales/ru.ts'),
  tr: () => import('./locales/tr.ts'),
  'zh-CN': () => import('./locales/zh-CN.ts'),
}

const loaded = new Map<CatalogLocale, Messages>([['en', en]])

/** The catalog of `locale` if it has arrived already (English always has). */
export function loadedCatalog(locale: CatalogLocale): Messages | undefined {
  return loaded.get(locale)
}

/** Fetches the catalog of `locale` (once; English is built in). */
export async function loadCatalog(locale: CatalogLocale): Promise<Messages> {
  const ready = loaded.get(locale)
  if (ready) return ready
  const { messages } = await catalogModules[locale as LazyCatalogLocale]()
  loaded.set(locale, messages)
  return messages
}
