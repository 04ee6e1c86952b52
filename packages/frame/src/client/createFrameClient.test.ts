import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  FrameRequestError,
  IframeLoadFailedError,
  IframeRequestTimeoutError,
  RequestAbortedError,
} from '../errors.ts'
import {
  FRAME_HIDE_TYPE,
  FRAME_READY_TYPE,
  FRAME_SHOW_TYPE,
  frameErrorType,
  frameSuccessType,
  parseAppMessage,
} from '../protocol/messages.ts'
import { createFakeBrowser, type FakeWindow } from '../test-utils/fakeBrowser.ts'
import { createFrameClient, FRAME_TIMEOUTS } from './createFrameClient.ts'

const APP_ORIGIN = 'http://127.0.0.1:3000'
const FRAME_ORIGIN = 'http://127.0.0.1:4401'

/** A frame page that says READY and then lets the test decide what (if anything) to answer. */
function setup(options: { page?: 'ready-only' | 'none' } = {}) {
  const browser = createFakeBrowser()
  const frames: FakeWindow[] = []
  if (options.page !== 'none')
    browser.servePage(FRAME_ORIGIN, (frameWindow) => {
      frames.push(frameWindow)
      frameWindow.parent.postMessage({ type: FRAME_READY_TYPE }, APP_ORIGIN)
    })
  const appWindow = browser.openWindow(APP_ORIGIN)
  const onError = vi.fn()
  const client = createFrameClient({
    frameUrl: `${FRAME_ORIGIN}/embedded/frame`,
    projectId: 'demo',
    window: appWindow as never,
    onError,
  })
  /** The requests the frame received, validated. */
  const requests = () =>
    (frames[0]?.received ?? [])
      .map((event) => parseAppMessage(event.data))
      .filter((m) => m !== null)
  return { browser, appWindow, client, onError, frames, requests }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createFrameClient', () => {
  it('creates no iframe until the first request, then waits for READY and 500 ms before sending', async () => {
    const { client, appWindow, requests } = setup()
    expect(client.getIframe()).toBeUndefined()
    expect(appWindow.frames).toEqual([])
    const answer = client.request('GET_CHAIN_ID', {})
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady - 1)
    expect(requests()).toEqual([])
    // Messages take a task each (a fake-timer millisecond here): READY, then the request.
    await vi.advanceTimersByTimeAsync(10)
    const [request] = requests()
    expect(request?.name).toBe('GET_CHAIN_ID')
    expect(client.getIframe()?.getAttribute('aria-hidden')).toBe('true')
    // The request went to the frame's exact origin, never '*'.
    expect(appWindow.sent.every((sent) => sent.targetOrigin === FRAME_ORIGIN)).toBe(true)
    const frame = appWindow.frames[0]!
    frame.parent.postMessage(
      { type: frameSuccessType('GET_CHAIN_ID'), id: request!.message.id, payload: { chainId: 10 } },
      APP_ORIGIN,
    )
    await vi.advanceTimersByTimeAsync(10)
    await expect(answer).resolves.toEqual({ chainId: 10 })
  })

  it('rejects with the frame error message and code', async () => {
    const { client, appWindow, requests } = setup()
    const answer = client.request('SWITCH_NETWORK', { chainId: 99 })
    const assertion = expect(answer).rejects.toMatchObject({
      shortMessage: 'Unsupported chain',
      code: 4902,
    })
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    appWindow.frames[0]!.parent.postMessage(
      {
        type: frameErrorType('SWITCH_NETWORK'),
        id: requests()[0]!.message.id,
        payload: { message: 'Unsupported chain', code: 4902 },
      },
      APP_ORIGIN,
    )
    await vi.advanceTimersByTimeAsync(10)
    await assertion
    await expect(answer).rejects.toBeInstanceOf(FrameRequestError)
  })

  it.each([
    ['an empty message', { message: '' }],
    ['no payload it can read', { reason: 42 }],
  ])("rejects at once with 'An error occurred' for an error reply with %s", async (_, payload) => {
    const { client, appWindow, requests, onError } = setup()
    const answer = client.request('GET_CHAIN_ID', {})
    const assertion = expect(answer).rejects.toMatchObject({ shortMessage: 'An error occurred' })
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    appWindow.frames[0]!.parent.postMessage(
      { type: frameErrorType('GET_CHAIN_ID'), id: requests()[0]!.message.id, payload },
      APP_ORIGIN,
    )
    // Answered in a moment, not after the 120 s request timeout.
    await vi.advanceTimersByTimeAsync(10)
    await assertion
    await expect(answer).rejects.toBeInstanceOf(FrameRequestError)
    expect(onError).not.toHaveBeenCalled()
  })

  it('ignores a reply from a foreign origin or from another window, even with the right id', async () => {
    const { client, appWindow, browser, requests } = setup()
    const answer = client.request('IS_CONNECTED', {})
    let settled = false
    void answer.then(
      () => (settled = true),
      () => (settled = true),
    )
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const { id } = requests()[0]!.message
    const forged = { type: frameSuccessType('IS_CONNECTED'), id, payload: { isConnected: true } }
    const evil = browser.openWindow('https://evil.example')
    browser.handle(evil, appWindow).postMessage(forged, APP_ORIGIN)
    // Same origin as the frame, but not our iframe's window.
    const impostor = browser.openWindow(FRAME_ORIGIN)
    browser.handle(impostor, appWindow).postMessage(forged, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(settled).toBe(false)
    appWindow.frames[0]!.parent.postMessage(
      { ...forged, payload: { isConnected: false } },
      APP_ORIGIN,
    )
    await vi.advanceTimersByTimeAsync(10)
    await expect(answer).resolves.toEqual({ isConnected: false })
  })

  it('reports iframe_load_failed with the SPEC alert text when the frame is not ready in 20 s', async () => {
    const { client, onError } = setup({ page: 'none' })
    const answer = client.request('IS_CONNECTED', {})
    const assertion = expect(answer).rejects.toThrow(
      'Network Error - Could not load embedded wallet',
    )
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.load)
    await assertion
    await expect(answer).rejects.toBeInstanceOf(IframeLoadFailedError)
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'iframe_load_failed' }))
    expect(client.getIframe()).toBeUndefined()
  })

  it('reports iframe_request_timeout after 120 s, then aborts the request', async () => {
    const { client, onError } = setup()
    const answer = client.request('CONNECT_EMAIL', { email: 'a@example.com' })
    const assertion = expect(answer).rejects.toThrow('Request was aborted')
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + FRAME_TIMEOUTS.request + 10)
    await assertion
    await expect(answer).rejects.toBeInstanceOf(RequestAbortedError)
    const [[alert]] = onError.mock.calls as [[IframeRequestTimeoutError]]
    expect(alert).toBeInstanceOf(IframeRequestTimeoutError)
    expect(alert.code).toBe('iframe_request_timeout')
    expect(alert.shortMessage).toBe('Embedded Wallet Request Timed Out')
  })

  it('signs out within 3 s when the frame never answers', async () => {
    const { client, onError } = setup()
    let signedOut = false
    void client.signOut().then(() => (signedOut = true))
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.signOut)
    expect(signedOut).toBe(true)
    // The abandoned frame raises no alert later.
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.load + FRAME_TIMEOUTS.request)
    expect(onError).not.toHaveBeenCalled()
  })

  it('signs out within 3 s when the frame page never loads', async () => {
    const { client, onError } = setup({ page: 'none' })
    let signedOut = false
    void client.signOut().then(() => (signedOut = true))
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.signOut)
    expect(signedOut).toBe(true)
    // The abandoned frame raises no alert later.
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.load + FRAME_TIMEOUTS.request)
    expect(onError).not.toHaveBeenCalled()
  })

  it('aborts pending requests when destroyed', async () => {
    const { client } = setup()
    const answer = client.request('GET_CHAIN_ID', {})
    const assertion = expect(answer).rejects.toThrow('Request was aborted')
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    client.destroy()
    await assertion
  })

  it('shows the frame above everything on its SHOW, with the request timeout paused until HIDE', async () => {
    const { client, appWindow, browser, onError } = setup()
    const answer = client.request('RPC_REQUEST', { method: 'personal_sign', params: [] })
    let settled = false
    void answer.then(
      () => (settled = true),
      () => (settled = true),
    )
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const iframe = client.getIframe()!
    expect(iframe.style.cssText).toContain('width:0')
    // Only the frame itself can ask to be shown: a foreign window's SHOW changes nothing.
    const evil = browser.openWindow('https://evil.example')
    browser.handle(evil, appWindow).postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(client.isShown()).toBe(false)

    const frame = appWindow.frames[0]!
    frame.parent.postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(client.isShown()).toBe(true)
    expect(iframe.style.cssText).toContain('position:fixed')
    expect(iframe.style.cssText).toContain('z-index:2147483647')
    expect(iframe.style.cssText).toContain('opacity:1')
    expect(iframe.getAttribute('aria-hidden')).toBeNull()
    // The visitor reads for longer than the request timeout: nothing times out meanwhile.
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.request * 2)
    expect(settled).toBe(false)
    expect(onError).not.toHaveBeenCalled()

    frame.parent.postMessage({ type: FRAME_HIDE_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(client.isShown()).toBe(false)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    // Hidden again and still unanswered: the timeout runs again, in full.
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.request)
    expect(settled).toBe(true)
    expect(onError).toHaveBeenCalledWith(expect.any(IframeRequestTimeoutError))
  })
})
