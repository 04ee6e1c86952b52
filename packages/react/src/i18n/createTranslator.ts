import type { MessageKey, Messages } from './en.ts'
import { formatMessage, type MessageValues } from './formatMessage.ts'

export type Translate = (key: MessageKey, values?: MessageValues) => string

export type CreateTranslatorParameters = {
  /** BCP 47 tag used for number formatting inside messages. */
  locale: string
  /** Overrides of single entries; anything missing falls back to `catalog`. */
  messages?: Partial<Messages> | undefined
  /** The entries it knows: the dialog's catalog (the buttons use `createPageTranslator`). */
  catalog: Partial<Messages>
}

/** Returns `t(key, values)` over `catalog` with the given overrides; an unknown key shows as itself. */
export function createTranslator({
  locale,
  messages,
  catalog,
}: CreateTranslatorParameters): Translate {
  return (key, values) => formatMessage(messages?.[key] ?? catalog[key] ?? key, values, locale)
}
