import type { Foyer } from '../createFoyer.ts'
import { BaseError, type BaseErrorParameters } from '../errors/base.ts'
import type { ThemeMode, ThemeVariables } from '../types/config.ts'

/** SPEC §5: the theme mode is light or dark, or 'system' to follow the visitor's setting. */
export class InvalidThemeModeError extends BaseError {
  override name = 'InvalidThemeModeError'
  constructor(parameters: BaseErrorParameters & { themeMode: unknown }) {
    super('Theme mode must be light, dark or system', {
      ...parameters,
      details: parameters.details ?? `Got ${JSON.stringify(parameters.themeMode)}.`,
    })
  }
}

export type SetThemeModeParameters = { themeMode: ThemeMode }
export type SetThemeModeErrorType = InvalidThemeModeError

const themeModes: readonly unknown[] = ['light', 'dark', 'system'] satisfies ThemeMode[]

/**
 * Switches the dialog to 'light', 'dark' or 'system' (the visitor's `prefers-color-scheme`,
 * followed live by the dialog); anything else throws (SPEC §5).
 */
export function setThemeMode(foyer: Foyer, parameters: SetThemeModeParameters): void {
  const { themeMode } = parameters
  if (!themeModes.includes(themeMode)) throw new InvalidThemeModeError({ themeMode })
  foyer.store.setState({ themeMode })
}

export type SetThemeVariablesParameters = { themeVariables: ThemeVariables }

/** Merges CSS custom properties into the current theme variables. */
export function setThemeVariables(foyer: Foyer, parameters: SetThemeVariablesParameters): void {
  foyer.store.setState((state) => ({
    themeVariables: { ...state.themeVariables, ...parameters.themeVariables },
  }))
}
