import type { Foyer } from '../createFoyer.ts'

export type SetLocaleParameters = {
  /** BCP 47 tag, e.g. 'de-DE'. */
  locale: string
}
export type SetLocaleReturnType = undefined

/**
 * Formats balances and other numbers for `locale` (with `Intl`) from now on. The balance on screen
 * is formatted again, from the 30 s cache (read again once the cache is older), by the balance
 * code, which follows the locale once it has read a balance.
 */
export function setLocale(foyer: Foyer, parameters: SetLocaleParameters): SetLocaleReturnType {
  const { locale } = parameters
  if (foyer.getState().locale !== locale) foyer.store.setState({ locale })
}
