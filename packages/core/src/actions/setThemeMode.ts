import type { Foyer } from '../createFoyer.ts'
import { BaseError, type BaseErrorParameters } from '../errors/base.ts'
import type { ThemeMode, ThemeVariables } from '../types/config.ts'

/** SPEC §5: the theme mode is light or dark. */
export class InvalidThemeModeError extends BaseError {
  override name = 'InvalidThemeModeError'
  constructor(parameters: BaseErrorParameters & { themeMode: unknown }) {
    super('Theme mode must be light or dark', {
      ...parameters,
      details: parameters.details ?? `Got ${JSON.stringify(parameters.themeMode)}.`,
    })
  }
}

export type SetThemeModeParameters = { themeMode: ThemeMode }
export type SetThemeModeErrorType = InvalidThemeModeError

/** Switches the dialog between 'light' and 'dark'; anything else throws (SPEC §5). */
export function setThemeMode(foyer: Foyer, parameters: SetThemeModeParameters): void {
  const { themeMode } = parameters
  if (themeMode !== 'light' && themeMode !== 'dark') throw new InvalidThemeModeError({ themeMode })
  foyer.store.setState({ themeMode })
}

export type SetThemeVariablesParameters = { themeVariables: ThemeVariables }

/** Merges CSS custom properties into the current theme variables. */
export function setThemeVariables(foyer: Foyer, parameters: SetThemeVariablesParameters): void {
  foyer.store.setState((state) => ({
    themeVariables: { ...state.themeVariables, ...parameters.themeVariables },
  }))
}
