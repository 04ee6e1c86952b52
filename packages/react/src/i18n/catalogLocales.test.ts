import { describe, expect, test } from 'vitest'
import { matchCatalogLocale, preferredLocale } from './catalogLocales.ts'

describe('choosing the catalog for a locale', () => {
  test('takes the same tag, whatever its case', () => {
    expect(matchCatalogLocale('de')).toBe('de')
    expect(matchCatalogLocale('zh-cn')).toBe('zh-CN')
  })

  test('else the same language: pt-BR reads Portuguese, zh and zh-TW read Simplified Chinese', () => {
    expect(matchCatalogLocale('pt-BR')).toBe('pt')
    expect(matchCatalogLocale('en-US')).toBe('en')
    expect(matchCatalogLocale('zh')).toBe('zh-CN')
    expect(matchCatalogLocale('zh-TW')).toBe('zh-CN')
    expect(matchCatalogLocale('ar_EG')).toBe('ar')
  })

  test('else none (the dialog then reads English)', () => {
    expect(matchCatalogLocale('nl-NL')).toBeUndefined()
    expect(matchCatalogLocale('')).toBeUndefined()
  })
})

describe("the visitor's browser languages", () => {
  test('the first one Foyer has texts for wins, as the browser wrote it', () => {
    expect(preferredLocale(['nl-NL', 'pt-BR', 'en-US'])).toBe('pt-BR')
    expect(preferredLocale(['ja', 'en'])).toBe('ja')
  })

  test('none when Foyer has texts for none of them', () => {
    expect(preferredLocale(['nl-NL', 'sv'])).toBeUndefined()
    expect(preferredLocale([])).toBeUndefined()
  })
})
