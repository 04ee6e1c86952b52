import { describe, expect, test } from 'vitest'
import { createTranslator } from './createTranslator.ts'
import { formatMessage } from './formatMessage.ts'

describe('formatMessage', () => {
  test('fills placeholders and formats numbers for the locale', () => {
    expect(formatMessage('{count} wallets', { count: 12345 }, 'en-US')).toBe('12,345 wallets')
    expect(formatMessage('{count} wallets', { count: 12345 }, 'de-DE')).toBe('12.345 wallets')
  })

  test('leaves a placeholder without value visible', () => {
    expect(formatMessage('Continue in {name}', {}, 'en')).toBe('Continue in {name}')
  })
})

describe('createTranslator', () => {
  test('uses overrides and falls back to English', () => {
    const t = createTranslator({ locale: 'en', messages: { 'dialog.close': 'Schließen' } })
    expect(t('dialog.close')).toBe('Schließen')
    expect(t('dialog.back')).toBe('Back')
    expect(t('connecting.waiting', { name: 'Foyer Test Wallet' })).toBe(
      'Continue in Foyer Test Wallet',
    )
  })
})
