import type { IncomingMessage } from 'node:http'
import type { RateLimitStore } from './rateLimitStore.ts'

export type RateLimitDecision = {
  /** The request is over the limit: it is refused (429). */
  isExceeded: boolean
  /** Until the window ends, for `Retry-After`. */
  ttlInSeconds: number
}

export type CreateRateLimiterParameters = {
  store: RateLimitStore
  /** Requests allowed per window and key. */
  max: number
  timeWindowMs: number
  /**
   * Count a request once, whichever asks first (default): the fast lane and the route ask for
   * the same request. False for limits counting something a request holds several of (events).
   */
  oncePerRequest?: boolean | undefined
}

/**
 * Counts a request under a key, deciding as `@fastify/rate-limit`'s `createRateLimit` does
 * (exceeded past `max`, the window's rest in whole seconds), but at once when the store answers
 * at once (the per-process store always does): the fast lane answers without making a promise.
 * A request is counted once per limiter, whichever of the fast lane and the route asks first; the
 * other gets the same decision (the fast lane hands requests it cannot answer to Fastify).
 */
export type RateLimiter = (
  request: IncomingMessage,
  key: string,
) => RateLimitDecision | Promise<RateLimitDecision>

export function createRateLimiter(parameters: CreateRateLimiterParameters): RateLimiter {
  const { store, max, timeWindowMs, oncePerRequest = true } = parameters
  const counted = Symbol('foyer.rateLimit')
  type Counted = { key: string; decision: RateLimitDecision | Promise<RateLimitDecision> }
  type CountedRequest = IncomingMessage & { [counted]?: Counted }

  function count(key: string): RateLimitDecision | Promise<RateLimitDecision> {
    let decided: RateLimitDecision | undefined
    let failed: { error: Error } | undefined
    let settle:
      | ((result: { error: Error | null; decision?: RateLimitDecision }) => void)
      | undefined
    store.incr(
      key,
      (error, result) => {
        const decision =
          error || !result
            ? undefined
            : { isExceeded: result.current > max, ttlInSeconds: Math.ceil(result.ttl / 1_000) }
        if (settle) return settle({ error: error ?? null, decision })
        if (decision) decided = decision
        else failed = { error: error ?? new Error('The rate limit store answered nothing') }
      },
      timeWindowMs,
      max,
    )
    if (decided) return decided
    // A store that fails fails the request, as the plugin's `skipOnError: false` did.
    if (failed) return Promise.reject(failed.error)
    return new Promise((resolve, reject) => {
      settle = ({ error, decision }) =>
        decision
          ? resolve(decision)
          : reject(error ?? new Error('The rate limit store answered nothing'))
    })
  }

  if (!oncePerRequest) return (_request, key) => count(key)
  return (request, key) => {
    const known = (request as CountedRequest)[counted]
    if (known !== undefined && known.key === key) return known.decision
    const decision = count(key)
    ;(request as CountedRequest)[counted] = { key, decision }
    return decision
  }
}
