import { describe, expect, test } from 'vitest'
import { createTranslator } from './createTranslator.ts'
import { en } from './en.ts'
import { formatMessage } from './formatMessage.ts'
import { pageMessages } from './pageMessages.ts'

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
    const t = createTranslator({
      locale: 'en',
      messages: { 'dialog.close': 'Schließen' },
      catalog: en,
    })
    expect(t('dialog.close')).toBe('Schließen')
    expect(t('dialog.back')).toBe('Back')
    expect(t('connecting.waiting', { name: 'Foyer Test Wallet' })).toBe(
      'Continue in Foyer Test Wallet',
    )
  })

  test('shows a key its catalog lacks as the key itself, never as a blank', () => {
    const t = createTranslator({ locale: 'en', catalog: pageMessages })
    expect(t('connectButton.connect')).toBe('Connect Wallet')
    expect(t('dialog.close')).toBe('dialog.close')
  })
})
