import type { MessageKey, Messages } from './en.ts'
import { en } from './en.ts'
import { formatMessage, type MessageValues } from './formatMessage.ts'

export type Translate = (key: MessageKey, values?: MessageValues) => string

export type CreateTranslatorParameters = {
  /** BCP 47 tag used for number formatting inside messages. */
  locale: string
  /** Overrides of single entries; anything missing falls back to English. */
  messages?: Partial<Messages> | undefined
}

/** Returns `t(key, values)` over the English catalog with the given overrides. */
export function createTranslator({ locale, messages }: CreateTranslatorParameters): Translate {
  return (key, values) => formatMessage(messages?.[key] ?? en[key], values, locale)
}
