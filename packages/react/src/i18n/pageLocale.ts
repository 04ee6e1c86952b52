// Loaded by the host page only for a visitor or an app that is not English: the buttons' texts in
// every language and the choice of the browser's language, kept out of the page's first load.
// Nothing from @foyer/core here: a module the page shares with this chunk would re-split the
// page's chunks (its size budget).
import { matchCatalogLocale, preferredLocale } from './catalogLocales.ts'
import { type PageMessages, pageTranslations } from './pageTranslations.ts'

/** The buttons' texts for a BCP 47 locale; undefined when they are the English ones. */
export function pageMessagesFor(locale: string): PageMessages | undefined {
  const catalogLocale = matchCatalogLocale(locale)
  return catalogLocale && catalogLocale !== 'en' ? pageTranslations[catalogLocale] : undefined
}

/**
 * The first of the visitor's browser languages Foyer has texts for, as the browser writes it
 * ('pt-BR'). Called after mount: a server render has no `navigator`.
 */
export function browserLocale(): string | undefined {
  return preferredLocale(navigator.languages ?? [navigator.language])
}
