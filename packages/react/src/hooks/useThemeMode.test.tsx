// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup, emulateColorScheme } from '../testUtils.tsx'
import { useThemeMode } from './useThemeMode.ts'

afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
  document.body.innerHTML = ''
})

function setup(config: NonNullable<Parameters<typeof createTestSetup>[0]>['config'] = {}) {
  const { foyer } = createTestSetup({ config })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FoyerProvider foyer={foyer} reconnectOnMount={false}>
      {children}
    </FoyerProvider>
  )
  return { foyer, wrapper }
}

describe('useThemeMode', () => {
  test("reads the instance's theme mode, dark by default", () => {
    const { wrapper } = setup()
    expect(renderHook(useThemeMode, { wrapper }).result.current.themeMode).toBe('dark')
    const light = setup({ themeMode: 'light' })
    expect(renderHook(useThemeMode, { wrapper: light.wrapper }).result.current.themeMode).toBe(
      'light',
    )
  })

  test('switches the theme mode and re-renders with it', () => {
    const { foyer, wrapper } = setup()
    const { result } = renderHook(useThemeMode, { wrapper })
    const { setThemeMode } = result.current
    act(() => setThemeMode('light'))
    expect(result.current.themeMode).toBe('light')
    expect(foyer.getState().themeMode).toBe('light')
    // The setter keeps its identity, so it can sit in effect dependencies.
    expect(result.current.setThemeMode).toBe(setThemeMode)
  })

  test('rejects a theme mode other than light, dark or system (SPEC §5)', () => {
    const { foyer, wrapper } = setup()
    const { result } = renderHook(useThemeMode, { wrapper })
    expect(() => result.current.setThemeMode('blue' as never)).toThrow(
      expect.objectContaining({
        name: 'InvalidThemeModeError',
        shortMessage: 'Theme mode must be light, dark or system',
      }),
    )
    expect(foyer.getState().themeMode).toBe('dark')
  })

  test("'system' resolves to the visitor's colour scheme and follows its changes live", () => {
    const colorScheme = emulateColorScheme('light')
    const { wrapper } = setup({ themeMode: 'system' })
    const { result, unmount } = renderHook(useThemeMode, { wrapper })
    expect(result.current).toMatchObject({ themeMode: 'system', resolvedThemeMode: 'light' })
    act(() => colorScheme.set('dark'))
    expect(result.current.resolvedThemeMode).toBe('dark')
    act(() => colorScheme.set('light'))
    expect(result.current.resolvedThemeMode).toBe('light')
    unmount()
    expect(colorScheme.listeners()).toBe(0)
  })

  test('a fixed mode ignores the colour scheme and does not listen to it', () => {
    const colorScheme = emulateColorScheme('light')
    const { wrapper } = setup()
    const { result } = renderHook(useThemeMode, { wrapper })
    expect(result.current.resolvedThemeMode).toBe('dark')
    expect(colorScheme.listeners()).toBe(0)
  })
})
