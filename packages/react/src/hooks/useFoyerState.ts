import type { FoyerState } from '@foyer/core'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import { useFoyer } from './useFoyer.ts'

export type UseFoyerStateParameters<selected> = {
  selector: (state: FoyerState) => selected
  /** Keeps the previous selection when equal, so derived objects do not re-render. */
  isEqual?: ((a: selected, b: selected) => boolean) | undefined
}

/** Shallow equality of plain objects and arrays, for selectors that build a new object. */
export function shallowEqual<value>(a: value, b: value): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const keysA = Object.keys(a)
  if (keysA.length !== Object.keys(b).length) return false
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

/**
 * Subscribes to a slice of the Foyer store. Re-renders only when the selected value changes
 * (by `isEqual`, `Object.is` by default). The server snapshot is the store's own state, so a
 * server render shows what a fresh instance holds.
 */
export function useFoyerState<selected>(
  selector: (state: FoyerState) => selected,
  isEqual: (a: selected, b: selected) => boolean = Object.is,
): selected {
  const foyer = useFoyer()
  const cache = useRef<{
    state: FoyerState
    selector: (state: FoyerState) => selected
    selected: selected
  } | null>(null)
  // Latest selector/isEqual without resubscribing; reading them during getSnapshot is safe.
  const selectorRef = useRef(selector)
  selectorRef.current = selector
  const isEqualRef = useRef(isEqual)
  isEqualRef.current = isEqual

  const getSnapshot = useCallback(() => {
    const state = foyer.getState()
    const selector = selectorRef.current
    const cached = cache.current
    if (cached && cached.state === state && cached.selector === selector) return cached.selected
    const next = selector(state)
    const selected = cached && isEqualRef.current(cached.selected, next) ? cached.selected : next
    cache.current = { state, selector, selected }
    return selected
  }, [foyer])

  return useSyncExternalStore(foyer.subscribe, getSnapshot, getSnapshot)
}
