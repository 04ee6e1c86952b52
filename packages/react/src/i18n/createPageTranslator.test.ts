import { describe, expect, test } from 'vitest'
import { createPageTranslator } from './createPageTranslator.ts'
import { pageMessages } from './pageMessages.ts'
import { pageTranslations } from './pageTranslations.ts'

describe('createPageTranslator', () => {
  test("shows the app's override, else the page's text, else the key itself", () => {
    const t = createPageTranslator({
      messages: { 'connectButton.connect': 'Sign in' },
      catalog: pageMessages,
    })
    expect(t('connectButton.connect')).toBe('Sign in')
    expect(t('connectButton.connecting')).toBe('Connecting…')
    expect(t('dialog.close')).toBe('dialog.close')
    const german = createPageTranslator({ catalog: pageTranslations.de })
    expect(german('connectButton.connect')).toBe('Wallet verbinden')
  })

  test('no text of the page has a placeholder to fill, in any language', () => {
    // The page's `t` only looks texts up; a placeholder here would show as `{name}`.
    for (const catalog of [pageMessages, ...Object.values(pageTranslations)])
      for (const text of Object.values(catalog)) expect(text).not.toMatch(/\{\w+\}/)
  })
})
