import type { Foyer } from '@foyer/core'
import { useContext } from 'react'
import { FoyerContext, type FoyerContextValue } from '../context.ts'
import { FoyerProviderNotFoundError } from '../errors.ts'

export type UseFoyerReturnType = Foyer

/** The Foyer instance of the nearest `<FoyerProvider>`. */
export function useFoyer(): UseFoyerReturnType {
  return useFoyerContext().foyer
}

/** The whole provider context (instance, locale, translator). */
export function useFoyerContext(): FoyerContextValue {
  const value = useContext(FoyerContext)
  if (!value) throw new FoyerProviderNotFoundError()
  return value
}
