// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { en, type Messages } from './en.ts'

// Catalogs that arrive when the test says so, or never.
const { pending, catalogs } = vi.hoisted(() => ({
  pending: new Map<string, { resolve: (messages: unknown) => void; reject: () => void }>(),
  catalogs: new Map<string, unknown>(),
}))
vi.mock('./loadCatalog.ts', async () => {
  const { en } = await import('./en.ts')
  catalogs.set('en', en)
  return {
    loadedCatalog: (locale: string) => catalogs.get(locale),
    loadCatalog: (locale: string) =>
      catalogs.has(locale)
        ? Promise.resolve(catalogs.get(locale))
        : new Promise((resolve, reject) => {
            pending.set(locale, {
              resolve: (messages) => {
                catalogs.set(locale, messages)
                resolve(messages)
              },
              reject,
            })
          }),
  }
})
const { useCatalog } = await import('./useCatalog.ts')

const german = { ...en, 'dialog.close': 'Schließen' } as Messages
const japanese = { ...en, 'dialog.close': '閉じる' } as Messages

describe('the catalog the dialog shows', () => {
  test('keeps the previous language on screen until the next one arrives', async () => {
    const { result, rerender } = renderHook(({ locale }) => useCatalog(locale), {
      initialProps: { locale: 'de' as 'de' | 'ja' },
    })
    expect(result.current.locale).toBe('en')
    await act(async () => pending.get('de')!.resolve(german))
    expect(result.current).toEqual({ locale: 'de', messages: german })

    rerender({ locale: 'ja' })
    expect(result.current.locale).toBe('de')
    await act(async () => pending.get('ja')!.resolve(japanese))
    expect(result.current).toEqual({ locale: 'ja', messages: japanese })
  })

  test('falls back to English when a catalog cannot be fetched', async () => {
    const { result } = renderHook(() => useCatalog('ko'))
    await act(async () => pending.get('ko')!.reject())
    expect(result.current).toEqual({ locale: 'en', messages: en })
  })
})
