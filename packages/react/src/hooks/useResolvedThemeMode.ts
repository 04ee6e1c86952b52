import { DEFAULT_THEME_MODE, type ResolvedThemeMode, type ThemeMode } from '@foyer/core'
import { useCallback, useSyncExternalStore } from 'react'

const darkQuery = '(prefers-color-scheme: dark)'

/** The visitor's colour scheme; dark where it cannot be read (SPEC §9's default). */
function systemThemeMode(): ResolvedThemeMode {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function')
    return DEFAULT_THEME_MODE as ResolvedThemeMode
  return window.matchMedia(darkQuery).matches ? 'dark' : 'light'
}

/**
 * The theme the dialog is drawn in: `themeMode` itself, or for 'system' the visitor's
 * `prefers-color-scheme`, followed live (a change listener only while 'system' is chosen).
 * A server render and the hydration render use the default, so they agree.
 */
export function useResolvedThemeMode(themeMode: ThemeMode): ResolvedThemeMode {
  const followsSystem = themeMode === 'system'
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!followsSystem || typeof window.matchMedia !== 'function') return () => {}
      const query = window.matchMedia(darkQuery)
      query.addEventListener('change', onChange)
      return () => query.removeEventListener('change', onChange)
    },
    [followsSystem],
  )
  const system = useSyncExternalStore(
    subscribe,
    followsSystem ? systemThemeMode : () => DEFAULT_THEME_MODE as ResolvedThemeMode,
    () => DEFAULT_THEME_MODE as ResolvedThemeMode,
  )
  return followsSystem ? system : themeMode
}
