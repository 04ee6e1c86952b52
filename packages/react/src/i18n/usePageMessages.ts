import { DEFAULT_LOCALE, type Foyer, setLocale } from '@foyer/core'
import { useEffect, useState } from 'react'
import type { Messages } from './en.ts'
import { pageMessages } from './pageMessages.ts'

type PageLocale = typeof import('./pageLocale.ts')

/** English needs nothing fetched: 'en', 'en-GB', 'en_US'. */
const isEnglish = (locale: string) => /^en(?:[-_]|$)/i.test(locale)

// Filled by the effect below, on the client only: a server render never sees it, so the server's
// HTML and the hydration render agree (both English until the texts arrive).
let arrived: PageLocale | undefined

/**
 * The locale on the host page: passes the provider's `locale` on to core (which formats the
 * balances), else adopts the browser's language when the app chose none, and returns the
 * buttons' texts for `locale`. Only a language other than English fetches anything: the small
 * page-language chunk, never the dialog's catalog. Browser facts are read after mount only.
 */
export function usePageMessages(
  foyer: Foyer,
  localeProp: string | undefined,
  locale: string,
): Partial<Messages> {
  const [pageLocale, setPageLocale] = useState(arrived)
  useEffect(() => {
    if (localeProp) setLocale(foyer, { locale: localeProp })
    const followsBrowser =
      !localeProp && !foyer.config.locale && !isEnglish(navigator.languages?.[0] ?? 'en')
    if (!followsBrowser && isEnglish(locale)) return
    let current = true
    import('./pageLocale.ts').then(
      (module) => {
        arrived = module
        if (!current) return
        setPageLocale(module)
        const browserLocale = followsBrowser && module.browserLocale()
        // An app that called setLocale meanwhile keeps its choice.
        if (browserLocale && foyer.getState().locale === DEFAULT_LOCALE)
          setLocale(foyer, { locale: browserLocale })
      },
      // Offline or a new deployment: the buttons stay in English.
      () => {},
    )
    return () => {
      current = false
    }
  }, [foyer, localeProp, locale])
  return (!isEnglish(locale) && pageLocale?.pageMessagesFor(locale)) || pageMessages
}
