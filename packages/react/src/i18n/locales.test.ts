import { describe, expect, test } from 'vitest'
import { CATALOG_LOCALES, type LazyCatalogLocale } from './catalogLocales.ts'
import { en, type Messages } from './en.ts'
import { messages as ar } from './locales/ar.ts'
import { messages as de } from './locales/de.ts'
import { messages as es } from './locales/es.ts'
import { messages as fr } from './locales/fr.ts'
import { messages as he } from './locales/he.ts'
import { messages as hi } from './locales/hi.ts'
import { messages as id } from './locales/id.ts'
import { messages as ja } from './locales/ja.ts'
import { messages as ko } from './locales/ko.ts'
import { messages as pt } from './locales/pt.ts'
import { messages as ru } from './locales/ru.ts'
import { messages as tr } from './locales/tr.ts'
import { messages as zhCN } from './locales/zh-CN.ts'
import { pageMessages } from './pageMessages.ts'
import { pageTranslations } from './pageTranslations.ts'

const catalogs: Record<LazyCatalogLocale, Messages> = {
  ar,
  de,
  es,
  fr,
  he,
  hi,
  id,
  ja,
  ko,
  pt,
  ru,
  tr,
  'zh-CN': zhCN,
}

const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map(([name]) => name).sort()
/** Names that stay as they are in every language. */
const untranslated = ['WalletConnect', 'Farcaster', 'Foyer', 'ENS', 'EVM', 'ACH', 'HTTP 403']

describe.each(Object.entries(catalogs))('the %s catalog', (locale, catalog) => {
  test('has exactly the keys of the English catalog', () => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort())
  })

  test('keeps every {placeholder} of the English text', () => {
    const changed = Object.entries(en).filter(
      ([key, text]) =>
        placeholders(catalog[key as keyof Messages]).join() !== placeholders(text).join(),
    )
    expect(changed.map(([key]) => key)).toEqual([])
  })

  test('has a text for every key', () => {
    const empty = Object.entries(catalog).filter(([, text]) => text.trim() === '')
    expect(empty.map(([key]) => key)).toEqual([])
  })

  test('is translated: at least 95% of the texts with words differ from English', () => {
    // Words once placeholders and names are set aside; some words are borrowed as they are
    // ('Total', 'Notifications', 'Ordinals'), so a few may match.
    const words = (text: string) =>
      untranslated.reduce((rest, name) => rest.replaceAll(name, ''), text).replace(/\{\w+\}/g, '')
    const worded = Object.entries(en).filter(([, text]) => /\p{L}{3,}/u.test(words(text)))
    const same = worded.filter(([key, text]) => catalog[key as keyof Messages] === text)
    expect(same.length / worded.length, same.map(([key]) => key).join()).toBeLessThan(0.05)
  })

  test('keeps brand and protocol names untranslated', () => {
    for (const [key, text] of Object.entries(en))
      for (const name of untranslated)
        if (text.includes(name)) expect(catalog[key as keyof Messages], key).toContain(name)
  })

  test("carries the buttons' texts of the host page", () => {
    const page = pageTranslations[locale as LazyCatalogLocale]
    expect(Object.keys(page).sort()).toEqual(Object.keys(pageMessages).sort())
    for (const [key, text] of Object.entries(page))
      expect(catalog[key as keyof Messages]).toBe(text)
  })
})

test('every catalog locale but English has its module', () => {
  expect(Object.keys(catalogs).sort()).toEqual(
    CATALOG_LOCALES.filter((locale) => locale !== 'en').sort(),
  )
})

test('a catalog with a missing or an extra key does not type-check', () => {
  const { 'dialog.close': _close, ...withoutClose } = de
  // @ts-expect-error: 'dialog.close' is missing
  const missing: Messages = withoutClose
  // @ts-expect-error: 'dialog.shut' is not a key of the catalog
  const extra = { ...de, 'dialog.shut': 'Zu' } satisfies Messages
  expect([missing, extra]).toHaveLength(2)
})
