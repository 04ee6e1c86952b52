/**
 * How long a page that never goes idle waits before deferred work runs anyway (not a SPEC value):
 * a busy page still gets its wallets within a few seconds.
 */
export const IDLE_TIMEOUT_MS = 3_000

/** Where no `requestIdleCallback` exists (Safari), how long after the first frame work runs. */
export const IDLE_FALLBACK_DELAY_MS = 200

/**
 * How many more frames deferred work waits, after its two, for the browser to report the page's
 * first paint (not a SPEC value): about a second at 60 Hz, for a page that paints nothing.
 */
export const PAINT_REPORT_FRAMES = 60

type IdleWindow = {
  requestAnimationFrame(callback: () => void): number
  cancelAnimationFrame(handle: number): void
  requestIdleCallback?(callback: () => void, options?: { timeout: number }): number
  cancelIdleCallback?(handle: number): void
  setTimeout(callback: () => void, delay: number): number
  clearTimeout(handle: number): void
  /** Paint timing (`first-paint`), where the browser reports it. */
  performance?: { getEntriesByType(type: string): ArrayLike<unknown> } | undefined
  PerformanceObserver?: { readonly supportedEntryTypes?: readonly string[] } | undefined
}

/**
 * Runs `callback` once the page has painted its first frame and is idle (`requestIdleCallback`,
 * else a short timeout), so deferred code never competes with the page's own first paint. The
 * paint is the browser's report of it where it gives one (paint timing): on a loaded machine the
 * frame is presented well after its animation frame ran, so two frames alone are not enough.
 * Does nothing outside a browser. Returns a function that cancels it.
 */
export function whenIdle(
  callback: () => void,
  host: IdleWindow | undefined = typeof window === 'undefined'
    ? undefined
    : (window as unknown as IdleWindow),
): () => void {
  if (!host) return () => {}
  let cancel = () => {}
  const reportsPaint = host.PerformanceObserver?.supportedEntryTypes?.includes('paint') === true
  const painted = () =>
    !reportsPaint || (host.performance?.getEntriesByType('paint').length ?? 0) > 0
  // `frame`: how many frames have passed; two always, then more until the paint is reported.
  const afterFrames = (frame: number) => {
    if (frame < 2 || (frame < 2 + PAINT_REPORT_FRAMES && !painted())) {
      const next = host.requestAnimationFrame(() => afterFrames(frame + 1))
      cancel = () => host.cancelAnimationFrame(next)
    } else if (host.requestIdleCallback && host.cancelIdleCallback) {
      const idle = host.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS })
      cancel = () => host.cancelIdleCallback?.(idle)
    } else {
      const timer = host.setTimeout(callback, IDLE_FALLBACK_DELAY_MS)
      cancel = () => host.clearTimeout(timer)
    }
  }
  // The first frame renders the page; the second starts once it was presented (its paint timing
  // can come after the first frame's idle period); then, where the browser reports paints, the
  // frames until it has reported the first.
  afterFrames(0)
  return () => cancel()
}
