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

  it('loads the frame page of the project, hidden, titled, with passkeys allowed and out of the tab order', async () => {
    const { client, appWindow } = setup()
    // Destroyed below while it waits out the pause after READY: it is aborted.
    void client.request('GET_CHAIN_ID', {}).catch(() => {})
    await vi.advanceTimersByTimeAsync(1)
    const iframe = client.getIframe()!
    expect(appWindow.frames[0]!.origin).toBe(FRAME_ORIGIN)
    expect(iframe.title).toBe('Foyer embedded wallet')
    expect(iframe.getAttribute('tabindex')).toBe('-1')
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    expect(iframe.getAttribute('allow')).toBe(
      'publickey-credentials-get; publickey-credentials-create',
    )
    expect(iframe.style.cssText).toBe(
      'position:absolute;width:0;height:0;border:0;opacity:0;pointer-events:none;',
    )
    client.destroy()
  })

  it('names the project in the frame URL', async () => {
    const browser = createFakeBrowser()
    const appWindow = browser.openWindow(APP_ORIGIN)
    const created: { src?: string }[] = []
    const original = appWindow.document.createElement
    appWindow.document.createElement = (tagName) => {
      const element = original(tagName)
      const descriptor = Object.getOwnPropertyDescriptor(element, 'src')!
      Object.defineProperty(element, 'src', {
        set(url: string) {
          created.push({ src: url })
          descriptor.set!.call(element, url)
        },
      })
      return element
    }
    const client = createFrameClient({
      frameUrl: `${FRAME_ORIGIN}/embedded/frame?theme=dark`,
      projectId: 'demo project',
      window: appWindow as never,
    })
    void client.request('GET_CHAIN_ID', {}).catch(() => {})
    await vi.advanceTimersByTimeAsync(1)
    expect(created).toEqual([
      { src: `${FRAME_ORIGIN}/embedded/frame?theme=dark&projectId=demo+project` },
    ])
    client.destroy()
  })

  it('stops listening and drops the iframe when destroyed: a late reply answers nothing', async () => {
    const { client, appWindow, requests } = setup()
    const answer = client.request('GET_CHAIN_ID', {})
    const assertion = expect(answer).rejects.toBeInstanceOf(RequestAbortedError)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const frame = appWindow.frames[0]!
    const { id } = requests()[0]!.message
    client.destroy()
    await assertion
    expect(client.getIframe()).toBeUndefined()
    expect(client.isShown()).toBe(false)
    const delivered = appWindow.received.length
    frame.parent.postMessage(
      { type: frameSuccessType('GET_CHAIN_ID'), id, payload: { chainId: 1 } },
      APP_ORIGIN,
    )
    frame.parent.postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(appWindow.received.length).toBe(delivered + 2)
    expect(client.isShown()).toBe(false)
    // Destroyed while shown: nothing stays shown.
    const again = setup()
    void again.client.request('GET_CHAIN_ID', {}).catch(() => {})
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    again.appWindow.frames[0]!.parent.postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(again.client.isShown()).toBe(true)
    again.client.destroy()
    expect(again.client.isShown()).toBe(false)
  })

  it('answers a request only with the reply of its own event and id', async () => {
    const { client, appWindow, requests } = setup()
    const answer = client.request('GET_CHAIN_ID', {})
    let settled = false
    void answer.then(
      () => (settled = true),
      () => (settled = true),
    )
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const { id } = requests()[0]!.message
    const frame = appWindow.frames[0]!
    // Another event's reply with this id, a reply to an unknown id, null and junk: ignored.
    frame.parent.postMessage(
      { type: frameSuccessType('IS_CONNECTED'), id, payload: { isConnected: true } },
      APP_ORIGIN,
    )
    frame.parent.postMessage(
      { type: frameSuccessType('GET_CHAIN_ID'), id: 'other', payload: { chainId: 5 } },
      APP_ORIGIN,
    )
    frame.parent.postMessage(null, APP_ORIGIN)
    frame.parent.postMessage('@foyer-frame/SHOW', APP_ORIGIN)
    frame.parent.postMessage({ type: FRAME_READY_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(settled).toBe(false)
    frame.parent.postMessage(
      { type: frameSuccessType('GET_CHAIN_ID'), id, payload: { chainId: 7 } },
      APP_ORIGIN,
    )
    await vi.advanceTimersByTimeAsync(10)
    await expect(answer).resolves.toEqual({ chainId: 7 })
  })

  it('ignores messages from the frame origin before any iframe exists', async () => {
    const { client, browser, appWindow } = setup()
    const impostor = browser.openWindow(FRAME_ORIGIN)
    browser.handle(impostor, appWindow).postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(client.isShown()).toBe(false)
    expect(client.getIframe()).toBeUndefined()
  })

  it('ignores READY, SHOW and replies from the frame origin in a window that is not the iframe', async () => {
    const { client, browser, appWindow } = setup({ page: 'none' })
    const requests = () =>
      (appWindow.frames[0]?.received ?? [])
        .map((event) => parseAppMessage(event.data))
        .filter((m) => m !== null)
    const answer = client.request('GET_CHAIN_ID', {})
    let settled = false
    void answer.then(
      () => (settled = true),
      () => (settled = true),
    )
    await vi.advanceTimersByTimeAsync(10)
    const impostor = browser.openWindow(FRAME_ORIGIN)
    browser.handle(impostor, appWindow).postMessage({ type: FRAME_READY_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    // No request went out: READY from elsewhere is not the frame's.
    expect(requests()).toEqual([])
    expect(settled).toBe(false)
    // The real frame's READY from a foreign origin (a navigated frame) counts neither.
    const frame = appWindow.frames[0]!
    const foreign = browser.openWindow('https://evil.example')
    browser.handle(foreign, appWindow).postMessage({ type: FRAME_READY_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    expect(requests()).toEqual([])
    frame.parent.postMessage({ type: FRAME_READY_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    expect(requests().map((request) => request.name)).toEqual(['GET_CHAIN_ID'])
    client.destroy()
  })

  it('rejects a frame error without a code without inventing one', async () => {
    const { client, appWindow, requests } = setup()
    const answer = client.request('GET_CHAIN_ID', {})
    const caught = answer.catch((error: FrameRequestError) => error)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    appWindow.frames[0]!.parent.postMessage(
      {
        type: frameErrorType('GET_CHAIN_ID'),
        id: requests()[0]!.message.id,
        payload: { message: 'Nope' },
      },
      APP_ORIGIN,
    )
    await vi.advanceTimersByTimeAsync(10)
    const error = (await caught) as FrameRequestError
    expect(error).toBeInstanceOf(FrameRequestError)
    expect(error.shortMessage).toBe('Nope')
    expect(error.code).toBeUndefined()
  })

  it('tells which request timed out, and aborts it with the timeout as its cause', async () => {
    const { client, onError } = setup()
    const answer = client.request('IS_CONNECTED', {})
    const caught = answer.catch((error: RequestAbortedError) => error)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + FRAME_TIMEOUTS.request + 10)
    const error = (await caught) as RequestAbortedError
    const [[alert]] = onError.mock.calls as [[IframeRequestTimeoutError]]
    expect(alert.details).toBe('IS_CONNECTED got no answer')
    expect(error.cause).toBe(alert)
  })

  it('times out without an onError handler too', async () => {
    const browser = createFakeBrowser()
    browser.servePage(FRAME_ORIGIN, (frameWindow) =>
      frameWindow.parent.postMessage({ type: FRAME_READY_TYPE }, APP_ORIGIN),
    )
    const client = createFrameClient({
      frameUrl: `${FRAME_ORIGIN}/embedded/frame`,
      projectId: 'demo',
      window: browser.openWindow(APP_ORIGIN) as never,
    })
    const answer = client.request('IS_CONNECTED', {})
    const assertion = expect(answer).rejects.toBeInstanceOf(RequestAbortedError)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + FRAME_TIMEOUTS.request + 10)
    await assertion
  })

  it('sends SIGN_OUT and keeps the frame when it answers in time', async () => {
    const { client, appWindow, requests } = setup()
    let signedOut = false
    void client.signOut().then(() => (signedOut = true))
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const [request] = requests()
    expect(request?.name).toBe('SIGN_OUT')
    appWindow.frames[0]!.parent.postMessage(
      { type: frameSuccessType('SIGN_OUT'), id: request!.message.id, payload: {} },
      APP_ORIGIN,
    )
    await vi.advanceTimersByTimeAsync(10)
    expect(signedOut).toBe(true)
    // Answered: the frame stays for the next login.
    expect(client.getIframe()).toBeDefined()
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.signOut)
    expect(client.getIframe()).toBeDefined()
  })

  it('keeps the frame when SIGN_OUT fails in time: the frame answered', async () => {
    const { client, appWindow, requests } = setup()
    let signedOut = false
    void client.signOut().then(() => (signedOut = true))
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    appWindow.frames[0]!.parent.postMessage(
      {
        type: frameErrorType('SIGN_OUT'),
        id: requests()[0]!.message.id,
        payload: { message: 'Server Error' },
      },
      APP_ORIGIN,
    )
    await vi.advanceTimersByTimeAsync(10)
    expect(signedOut).toBe(true)
    expect(client.getIframe()).toBeDefined()
  })

  it('drops the frame that did not answer SIGN_OUT in time, with its pending requests', async () => {
    const { client } = setup()
    const other = client.request('GET_CHAIN_ID', {})
    const assertion = expect(other).rejects.toBeInstanceOf(RequestAbortedError)
    const done = client.signOut()
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.signOut)
    await done
    await assertion
    expect(client.getIframe()).toBeUndefined()
  })

  it('ignores SHOW while shown and HIDE while hidden', async () => {
    const { client, appWindow, onError } = setup()
    const answer = client.request('RPC_REQUEST', { method: 'personal_sign', params: [] })
    void answer.catch(() => {})
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const frame = appWindow.frames[0]!
    // HIDE while hidden must not restart the running timeout.
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.request / 2)
    frame.parent.postMessage({ type: FRAME_HIDE_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.request / 2)
    expect(onError).toHaveBeenCalledTimes(1)
    // A second SHOW keeps the frame shown; one HIDE hides it.
    const second = setup()
    void second.client
      .request('RPC_REQUEST', { method: 'personal_sign', params: [] })
      .catch(() => {})
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const iframe = second.client.getIframe()!
    const secondFrame = second.appWindow.frames[0]!
    secondFrame.parent.postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(iframe.getAttribute('tabindex')).toBe('0')
    iframe.setAttribute('tabindex', 'changed')
    secondFrame.parent.postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    // Shown already: SHOW changed nothing.
    expect(iframe.getAttribute('tabindex')).toBe('changed')
    secondFrame.parent.postMessage({ type: FRAME_HIDE_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(second.client.isShown()).toBe(false)
    expect(iframe.getAttribute('tabindex')).toBe('-1')
    expect(iframe.style.cssText).toBe(
      'position:absolute;width:0;height:0;border:0;opacity:0;pointer-events:none;',
    )
  })

  it('draws the shown frame over the whole viewport, opaque and unaltered', async () => {
    const { client, appWindow } = setup()
    void client.request('RPC_REQUEST', { method: 'personal_sign', params: [] }).catch(() => {})
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    appWindow.frames[0]!.parent.postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(client.getIframe()!.style.cssText).toBe(
      'position:fixed;inset:0;width:100%;height:100%;border:0;margin:0;padding:0;opacity:1;' +
        'pointer-events:auto;z-index:2147483647;background:transparent;color-scheme:normal;' +
        'transform:none;filter:none;display:block;visibility:visible;',
    )
    // Shown before the request timeout ran out: it does not run while shown.
    expect(client.isShown()).toBe(true)
  })

  it('lets a request sent while the frame is shown wait for the visitor without timing out', async () => {
    const { client, appWindow, onError, requests } = setup()
    void client.request('RPC_REQUEST', { method: 'personal_sign', params: [] }).catch(() => {})
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const frame = appWindow.frames[0]!
    frame.parent.postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    const second = client.request('IS_CONNECTED', {})
    let settled = false
    void second.then(
      () => (settled = true),
      () => (settled = true),
    )
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.request * 2)
    expect(settled).toBe(false)
    expect(onError).not.toHaveBeenCalled()
    const request = requests().find((message) => message.name === 'IS_CONNECTED')!
    frame.parent.postMessage(
      {
        type: frameSuccessType('IS_CONNECTED'),
        id: request.message.id,
        payload: { isConnected: true },
      },
      APP_ORIGIN,
    )
    await vi.advanceTimersByTimeAsync(10)
    await expect(second).resolves.toEqual({ isConnected: true })
  })
})
