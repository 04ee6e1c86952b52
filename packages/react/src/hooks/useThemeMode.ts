import { type ResolvedThemeMode, setThemeMode, type ThemeMode } from '@foyer/core'
import { useCallback } from 'react'
import { useFoyer } from './useFoyer.ts'
import { useFoyerState } from './useFoyerState.ts'
import { useResolvedThemeMode } from './useResolvedThemeMode.ts'

export type UseThemeModeReturnType = {
  /** The dialog's theme mode: 'dark' (the default, SPEC §9), 'light' or 'system'. */
  themeMode: ThemeMode
  /** What the dialog shows: `themeMode`, with 'system' resolved to the visitor's scheme (live). */
  resolvedThemeMode: ResolvedThemeMode
  /** Switches the dialog (and every other reader of the instance) to `themeMode`. */
  setThemeMode: (themeMode: ThemeMode) => void
}

/** The dialog's theme mode and the function to change it, e.g. to follow the app's own theme. */
export function useThemeMode(): UseThemeModeReturnType {
  const foyer = useFoyer()
  const themeMode = useFoyerState((state) => state.themeMode)
  const resolvedThemeMode = useResolvedThemeMode(themeMode)
  const set = useCallback((themeMode: ThemeMode) => setThemeMode(foyer, { themeMode }), [foyer])
  return { themeMode, resolvedThemeMode, setThemeMode: set }
}
