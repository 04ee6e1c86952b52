import type { Foyer } from '../createFoyer.ts'

export type SetLocaleParameters = {
  /** BCP 47 tag, e.g. 'de-DE'. */
  locale: string
}
export type SetLocaleReturnType = undefined

/**
 * Formats balances and other numbers for `locale` (with `Intl`) from now on. The balance on screen
 * is formatted again, from the 30 s cache (read again once the cache is older); the balance code
 * is fetched for that only when a balance is shown.
 */
export function setLocale(foyer: Foyer, parameters: SetLocaleParameters): SetLocaleReturnType {
  const { locale } = parameters
  if (foyer.getState().locale === locale) return
  foyer.store.setState({ locale })
  if (foyer.getState().account.balance !== undefined)
    void import('./getBalance.ts').then(({ getBalance }) => getBalance(foyer)).catch(() => {})
}
