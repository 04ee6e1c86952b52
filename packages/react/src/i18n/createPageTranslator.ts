import type { Translate } from './createTranslator.ts'
import type { Messages } from './en.ts'

export type CreatePageTranslatorParameters = {
  /** Overrides of single entries; anything missing falls back to `catalog`. */
  messages?: Partial<Messages> | undefined
  /** The page's texts in the locale shown (`pageMessages` or a `pageTranslations` entry). */
  catalog: Partial<Messages>
}

/**
 * `t(key)` of the components on the host page (the buttons), an unknown key showing as itself.
 * Their texts have no placeholders in any language (pageMessages.test.ts), so it only looks the
 * key up: `createTranslator`, which fills placeholders and formats numbers, is the dialog's and
 * loads with it, out of the page's first load.
 */
export function createPageTranslator({
  messages,
  catalog,
}: CreatePageTranslatorParameters): Translate {
  return (key) => messages?.[key] ?? catalog[key] ?? key
}
