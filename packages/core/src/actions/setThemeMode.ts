import type { Foyer } from '../createFoyer.ts'
import type { ThemeMode, ThemeVariables } from '../types/config.ts'

export type SetThemeModeParameters = { themeMode: ThemeMode }

export function setThemeMode(foyer: Foyer, parameters: SetThemeModeParameters): void {
  foyer.store.setState({ themeMode: parameters.themeMode })
}

export type SetThemeVariablesParameters = { themeVariables: ThemeVariables }

/** Merges CSS custom properties into the current theme variables. */
export function setThemeVariables(foyer: Foyer, parameters: SetThemeVariablesParameters): void {
  foyer.store.setState((state) => ({
    themeVariables: { ...state.themeVariables, ...parameters.themeVariables },
  }))
}
