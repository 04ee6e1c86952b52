import { matchOrigin } from './matchOrigin.ts'

export type CreateOriginDecisionsParameters = {
  /** Origins remembered per allow-list; the list's memory starts over when full. Default 1 000. */
  maxOriginsPerList?: number | undefined
}

export type OriginDecisions = {
  /** `matchOrigin(origin, allowedOrigins)`, decided once per origin and allow-list. */
  isAllowed: (origin: string, allowedOrigins: readonly string[]) => boolean
}

/**
 * Remembers origin decisions per allow-list (by identity: a changed project is a new list, so a
 * changed allow-list is decided afresh). A page sends the same `Origin` on every request, so the
 * patterns are matched once per visitor origin rather than twice per request (CORS, then the
 * route's own check). Bounded: arbitrary `Origin` headers cannot grow it past the limit.
 */
export function createOriginDecisions(
  parameters: CreateOriginDecisionsParameters = {},
): OriginDecisions {
  const maxOriginsPerList = parameters.maxOriginsPerList ?? 1_000
  const decisions = new WeakMap<readonly string[], Map<string, boolean>>()
  return {
    isAllowed(origin, allowedOrigins) {
      let known = decisions.get(allowedOrigins)
      if (!known) {
        known = new Map()
        decisions.set(allowedOrigins, known)
      }
      const decided = known.get(origin)
      if (decided !== undefined) return decided
      const allowed = matchOrigin(origin, allowedOrigins)
      if (known.size >= maxOriginsPerList) known.clear()
      known.set(origin, allowed)
      return allowed
    },
  }
}
