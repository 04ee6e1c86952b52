// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup } from '../testUtils.tsx'
import { useThemeMode } from './useThemeMode.ts'

afterEach(() => {
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

  test('rejects a theme mode other than light or dark (SPEC §5)', () => {
    const { foyer, wrapper } = setup()
    const { result } = renderHook(useThemeMode, { wrapper })
    expect(() => result.current.setThemeMode('system' as never)).toThrow(
      expect.objectContaining({
        name: 'InvalidThemeModeError',
        shortMessage: 'Theme mode must be light or dark',
      }),
    )
    expect(foyer.getState().themeMode).toBe('dark')
  })
})
