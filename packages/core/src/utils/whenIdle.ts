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
  const afterFrames = (frames: number, paintFrames: number) => {
    if (frames > 0 || (paintFrames > 0 && !painted())) {
      const frame = host.requestAnimationFrame(() =>
        frames > 0 ? afterFrames(frames - 1, paintFrames) : afterFrames(0, paintFrames - 1),
      )
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
  // can come after the first frame's idle period); then, where the browser reports paints, the
  // frames until it has reported the first.
  afterFrames(2, PAINT_REPORT_FRAMES)
  return () => cancel()
}
