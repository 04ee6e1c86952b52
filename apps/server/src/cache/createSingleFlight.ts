export type SingleFlight = {
  /**
   * Runs `work` for `key` unless a run for the same key is under way, in which case its result
   * (or failure) is shared. Nothing is kept once a run settles: this is no cache.
   */
  run: <result>(key: string, work: () => Promise<result>) => Promise<result>
  /** Keys with a run under way. */
  readonly size: number
}

/**
 * One read for concurrent misses of the same key: when a cached answer runs out, the visitors
 * asking for it at that moment wait for one read of the chain or database instead of each
 * starting their own (a burst of identical RPC calls the node may rate-limit).
 */
export function createSingleFlight(): SingleFlight {
  const running = new Map<string, Promise<unknown>>()
  return {
    run(key, work) {
      const current = running.get(key)
      if (current) return current as ReturnType<typeof work>
      const started = work().finally(() => running.delete(key))
      running.set(key, started)
      return started
    },
    get size() {
      return running.size
    },
  }
}
