import { describe, expect, it, vi } from 'vitest'
import {
  IDLE_FALLBACK_DELAY_MS,
  IDLE_TIMEOUT_MS,
  PAINT_REPORT_FRAMES,
  whenIdle,
} from './whenIdle.ts'

/** A window whose frames and idle periods the test runs by hand. */
function fakeWindow(options: { idleCallback: boolean }) {
  const frames = new Map<number, () => void>()
  const idle = new Map<number, { callback: () => void; timeout: number | undefined }>()
  const timers = new Map<number, { callback: () => void; delay: number }>()
  let next = 0
  const host = {
    requestAnimationFrame: (callback: () => void) => {
      frames.set(++next, callback)
      return next
    },
    cancelAnimationFrame: (handle: number) => void frames.delete(handle),
    setTimeout: (callback: () => void, delay: number) => {
      timers.set(++next, { callback, delay })
      return next
    },
    clearTimeout: (handle: number) => void timers.delete(handle),
    ...(options.idleCallback
      ? {
          requestIdleCallback: (callback: () => void, opts?: { timeout: number }) => {
            idle.set(++next, { callback, timeout: opts?.timeout })
            return next
          },
          cancelIdleCallback: (handle: number) => void idle.delete(handle),
        }
      : {}),
  }
  const run = (map: Map<number, { callback: () => void } | (() => void)>) => {
    const entries = [...map.values()]
    map.clear()
    for (const entry of entries) (typeof entry === 'function' ? entry : entry.callback)()
  }
  return {
    host,
    frames,
    idle,
    timers,
    frame: () => run(frames),
    idlePeriod: () => run(idle),
    timeout: () => run(timers),
  }
}

describe('whenIdle', () => {
  it('waits for two frames, then for an idle period (with a timeout for a page never idle)', () => {
    const page = fakeWindow({ idleCallback: true })
    const callback = vi.fn()
    whenIdle(callback, page.host)
    page.idlePeriod()
    expect(callback).not.toHaveBeenCalled()
    page.frame()
    page.idlePeriod()
    expect(callback).not.toHaveBeenCalled()
    page.frame()
    expect([...page.idle.values()][0]?.timeout).toBe(IDLE_TIMEOUT_MS)
    expect(callback).not.toHaveBeenCalled()
    page.idlePeriod()
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('falls back to a short timeout after the frame where there is no requestIdleCallback', () => {
    const page = fakeWindow({ idleCallback: false })
    const callback = vi.fn()
    whenIdle(callback, page.host)
    page.timeout()
    expect(callback).not.toHaveBeenCalled()
    page.frame()
    page.frame()
    expect([...page.timers.values()][0]?.delay).toBe(IDLE_FALLBACK_DELAY_MS)
    page.timeout()
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('cancels before the frame, before the idle period and before the timeout', () => {
    for (const idleCallback of [true, false]) {
      const page = fakeWindow({ idleCallback })
      const early = vi.fn()
      whenIdle(early, page.host)()
      expect(page.frames.size).toBe(0)
      const late = vi.fn()
      const cancel = whenIdle(late, page.host)
      page.frame()
      page.frame()
      cancel()
      page.idlePeriod()
      page.timeout()
      expect(early).not.toHaveBeenCalled()
      expect(late).not.toHaveBeenCalled()
    }
  })

  it('where the browser reports paints, waits past its two frames until the first paint is reported', () => {
    const page = fakeWindow({ idleCallback: true })
    const paints: unknown[] = []
    const host = {
      ...page.host,
      PerformanceObserver: { supportedEntryTypes: ['mark', 'paint'] },
      performance: { getEntriesByType: (type: string) => (type === 'paint' ? paints : []) },
    }
    const callback = vi.fn()
    whenIdle(callback, host)
    for (let frame = 0; frame < 5; frame++) page.frame()
    page.idlePeriod()
    expect(page.idle.size).toBe(0)
    expect(callback).not.toHaveBeenCalled()
    paints.push({ name: 'first-paint' })
    page.frame()
    page.idlePeriod()
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('runs anyway when no paint is reported within its frames, and does not wait where paints are not reported', () => {
    const page = fakeWindow({ idleCallback: true })
    const host = {
      ...page.host,
      PerformanceObserver: { supportedEntryTypes: ['paint'] },
      performance: { getEntriesByType: () => [] },
    }
    const callback = vi.fn()
    whenIdle(callback, host)
    for (let frame = 0; frame < 2 + PAINT_REPORT_FRAMES - 1; frame++) page.frame()
    expect(page.idle.size).toBe(0)
    page.frame()
    page.idlePeriod()
    expect(callback).toHaveBeenCalledTimes(1)

    const other = fakeWindow({ idleCallback: true })
    const unreported = vi.fn()
    whenIdle(unreported, {
      ...other.host,
      PerformanceObserver: { supportedEntryTypes: ['mark'] },
      performance: { getEntriesByType: () => [] },
    })
    other.frame()
    other.frame()
    other.idlePeriod()
    expect(unreported).toHaveBeenCalledTimes(1)
  })

  it('does nothing outside a browser', () => {
    const callback = vi.fn()
    expect(() => whenIdle(callback, undefined)()).not.toThrow()
    expect(callback).not.toHaveBeenCalled()
  })
})
