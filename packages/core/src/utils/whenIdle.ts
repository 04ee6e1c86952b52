/**
 * How long a page that never goes idle waits before deferred work runs anyway (not a SPEC value):
 * a busy page still gets its wallets within a few seconds.
 */
export const IDLE_TIMEOUT_MS = 3_000

/** Where no `requestIdleCallback` exists (Safari), how long after the first frame work runs. */
export const IDLE_FALLBACK_DELAY_MS = 200

type IdleWindow = {
  requestAnimationFrame(callback: () => void): number
  cancelAnimationFrame(handle: number): void
  requestIdleCallback?(callback: () => void, options?: { timeout: number }): number
  cancelIdleCallback?(handle: number): void
  setTimeout(callback: () => void, delay: number): number
  clearTimeout(handle: number): void
}

/**
 * Runs `callback` once the page has painted its first frame (two animation frames later) and is idle (`requestIdleCallback`,
 * else a short timeout after the next frame), so deferred code never competes with the page's own
 * first paint. Does nothing outside a browser. Returns a function that cancels it.
 */
export function whenIdle(
  callback: () => void,
  host: IdleWindow | undefined = typeof window === 'undefined'
    ? undefined
    : (window as unknown as IdleWindow),
): () => void {
  if (!host) return () => {}
  let cancel = () => {}
  const afterFrames = (frames: number) => {
    if (frames > 0) {
      const frame = host.requestAnimationFrame(() => afterFrames(frames - 1))
      cancel = () => host.cancelAnimationFrame(frame)
    } else if (host.requestIdleCallback && host.cancelIdleCallback) {
      const idle = host.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS })
      cancel = () => host.cancelIdleCallback?.(idle)
    } else {
      const timer = host.setTimeout(callback, IDLE_FALLBACK_DELAY_MS)
      cancel = () => host.clearTimeout(timer)
    }
  }
  // The first frame renders the page; the second starts once it was presented (its paint timing
  // can come after the first frame's idle period).
  afterFrames(2)
  return () => cancel()
}
