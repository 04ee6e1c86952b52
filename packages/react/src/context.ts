import type { Foyer } from '@foyer/core'
import { createContext } from 'react'
import type { Translate } from './i18n/createTranslator.ts'
import type { Messages } from './i18n/en.ts'

export type FoyerContextValue = {
  foyer: Foyer
  /** BCP 47 locale of the texts (the catalog of its language) and of `Intl` formatting. */
  locale: string
  /** The app's replacements for catalog entries. */
  messages: Partial<Messages> | undefined
  /** Translates with the page's messages; inside the dialog, with the dialog's whole catalog. */
  t: Translate
  /** Nonce for the dialog's `<style>` fallback (browsers without constructable stylesheets). */
  nonce: string | undefined
}

export const FoyerContext = createContext<FoyerContextValue | null>(null)
