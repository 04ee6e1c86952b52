import type { Foyer } from '../createFoyer.ts'
import { getBalance } from './getBalance.ts'

export type SetLocaleParameters = {
  /** BCP 47 tag, e.g. 'de-DE'. */
  locale: string
}
export type SetLocaleReturnType = undefined

/**
 * Formats balances and other numbers for `locale` (with `Intl`) from now on. The balance on screen
 * is formatted again at once, from the 30 s cache (read again once the cache is older).
 */
export function setLocale(foyer: Foyer, parameters: SetLocaleParameters): SetLocaleReturnType {
  const { locale } = parameters
  if (foyer.getState().locale === locale) return
  foyer.store.setState({ locale })
  if (foyer.getState().account.balance !== undefined) getBalance(foyer).catch(() => {})
}
