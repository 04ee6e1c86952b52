// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createTestFoyer, openDialog } from '../test-utils.ts'

const serverUrl = 'http://analytics.test'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function stubBeacon(accept: boolean) {
  const beacons: { url: URL; body: unknown }[] = []
  const sendBeacon = vi.fn((url: string, body: string) => {
    beacons.push({ url: new URL(url), body: JSON.parse(body) })
    return accept
  })
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true })
  // `fetchMock` sees the events; the project's analytics switch (asked first) is answered apart.
  const fetchMock = vi.fn(async (_input: string | URL | Request, _init?: RequestInit) =>
    Response.json({ stored: 1, dropped: 0 }),
  )
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) =>
    new URL(String(input)).pathname === '/getAnalyticsConfig'
      ? Response.json({ isAnalyticsEnabled: true })
      : fetchMock(input, init),
  )
  return { beacons, sendBeacon, fetchMock }
}

describe('analytics on page hide', () => {
  test('the queue leaves by sendBeacon when the page hides, before the flush delay', async () => {
    const { beacons, fetchMock } = stubBeacon(true)
    history.replaceState(null, '', '/shop?code=secret#token')
    const foyer = createTestFoyer({ serverUrl, projectId: 'foyer-dev' })
    openDialog(foyer)
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(0)
    window.dispatchEvent(new Event('pagehide'))
    expect(beacons).toHaveLength(1)
    expect(beacons[0]!.url.pathname).toBe('/e')
    expect(beacons[0]!.url.searchParams.get('projectId')).toBe('foyer-dev')
    const [event] = beacons[0]!.body as { url: string; domain: string; props: { event: string } }[]
    expect(event!.props.event).toBe('MODAL_OPEN')
    // The page without its query or fragment (they may carry codes or tokens).
    expect(event!.url).toBe(`${location.origin}/shop`)
    expect(event!.domain).toBe(location.hostname)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fetchMock).not.toHaveBeenCalled()
    foyer.destroy()
  })

  test('sends nothing by beacon or fetch when the project switched analytics off', async () => {
    const { beacons, fetchMock } = stubBeacon(true)
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) =>
      new URL(String(input)).pathname === '/getAnalyticsConfig'
        ? Response.json({ isAnalyticsEnabled: false })
        : fetchMock(input, init),
    )
    const foyer = createTestFoyer({ serverUrl, projectId: 'foyer-dev' })
    openDialog(foyer)
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(0)
    window.dispatchEvent(new Event('pagehide'))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(beacons).toEqual([])
    expect(fetchMock).not.toHaveBeenCalled()
    foyer.destroy()
  })

  test('a refused beacon falls back to a keepalive fetch', async () => {
    const { sendBeacon, fetchMock } = stubBeacon(false)
    const foyer = createTestFoyer({ serverUrl, projectId: 'foyer-dev' })
    openDialog(foyer)
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(0)
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    expect(sendBeacon).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(init.keepalive).toBe(true)
    foyer.destroy()
  })
})
