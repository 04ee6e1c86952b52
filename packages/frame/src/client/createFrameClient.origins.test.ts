import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IframeLoadFailedError, RequestAbortedError } from '../errors.ts'
import {
  FRAME_READY_TYPE,
  FRAME_SHOW_TYPE,
  frameSuccessType,
  parseAppMessage,
} from '../protocol/messages.ts'
import { createFakeBrowser, type FakeWindow } from '../test-utils/fakeBrowser.ts'
import { createFrameClient, FRAME_TIMEOUTS } from './createFrameClient.ts'

const APP_ORIGIN = 'http://127.0.0.1:3000'
const FRAME_ORIGIN = 'http://127.0.0.1:4401'
const EVIL_ORIGIN = 'https://evil.example'

/** An app window, its client (no `onError`: it is optional) and the frame page, if served. */
function setup(options: { page?: 'ready' | 'none' } = {}) {
  const browser = createFakeBrowser()
  if (options.page !== 'none')
    browser.servePage(FRAME_ORIGIN, (frameWindow) =>
      frameWindow.parent.postMessage({ type: FRAME_READY_TYPE }, APP_ORIGIN),
    )
  const appWindow = browser.openWindow(APP_ORIGIN)
  const client = createFrameClient({
    frameUrl: `${FRAME_ORIGIN}/embedded/frame`,
    projectId: 'demo',
    window: appWindow as never,
  })
  /** The requests a frame window received, validated. */
  const requestsTo = (frame: FakeWindow | undefined) =>
    (frame?.received ?? []).map((event) => parseAppMessage(event.data)).filter((m) => m !== null)
  return { browser, appWindow, client, requestsTo }
}

/** Settles-or-not flag for a promise, without leaving a rejection unhandled. */
function track(promise: Promise<unknown>) {
  const state = { settled: false }
  void promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  )
  return state
}

/**
 * The iframe navigated to another origin (a redirect, a link inside it): the browser keeps the
 * same `contentWindow` for it, so only the origin tells the new page from the wallet's.
 */
function navigate(frame: FakeWindow, origin: string) {
  frame.origin = origin
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createFrameClient: messages from another origin', () => {
  it("ignores a forged answer and SHOW from the iframe's window once it shows another origin", async () => {
    const { client, appWindow, requestsTo } = setup()
    const answer = client.request('IS_CONNECTED', {})
    const state = track(answer)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const frame = appWindow.frames[0]!
    const { id } = requestsTo(frame)[0]!.message
    navigate(frame, EVIL_ORIGIN)
    frame.parent.postMessage(
      { type: frameSuccessType('IS_CONNECTED'), id, payload: { isConnected: true } },
      APP_ORIGIN,
    )
    frame.parent.postMessage({ type: FRAME_SHOW_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(10)
    expect(appWindow.received.at(-1)?.origin).toBe(EVIL_ORIGIN)
    expect(state.settled).toBe(false)
    expect(client.isShown()).toBe(false)
    // Never answered with the forged payload: still pending, so destroy aborts it.
    client.destroy()
    await expect(answer).rejects.toBeInstanceOf(RequestAbortedError)
  })

  it('sends no request on a READY from the iframe once it shows another origin', async () => {
    const { client, appWindow, requestsTo } = setup({ page: 'none' })
    const state = track(client.request('GET_CHAIN_ID', {}))
    await vi.advanceTimersByTimeAsync(10)
    const frame = appWindow.frames[0]!
    navigate(frame, EVIL_ORIGIN)
    frame.parent.postMessage({ type: FRAME_READY_TYPE }, APP_ORIGIN)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    expect(appWindow.received).toHaveLength(1)
    expect(requestsTo(frame)).toEqual([])
    expect(state.settled).toBe(false)
    client.destroy()
  })
})

describe('createFrameClient: load and destroy', () => {
  it('fails a frame that never loads with the frame origin in the details, without an onError', async () => {
    const { client } = setup({ page: 'none' })
    const answer = client.request('IS_CONNECTED', {})
    const caught = answer.then(
      () => undefined,
      (error: IframeLoadFailedError) => error,
    )
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.load)
    const error = await caught
    expect(error).toBeInstanceOf(IframeLoadFailedError)
    expect(error?.details).toBe(`No READY from ${FRAME_ORIGIN}`)
    expect(client.getIframe()).toBeUndefined()
  })

  it('loads the frame in an iframe element', async () => {
    const { client, appWindow } = setup()
    const tags: string[] = []
    const createElement = appWindow.document.createElement
    appWindow.document.createElement = (tagName) => {
      tags.push(tagName)
      return createElement(tagName)
    }
    void client.request('GET_CHAIN_ID', {}).catch(() => {})
    await vi.advanceTimersByTimeAsync(1)
    expect(tags).toEqual(['iframe'])
    client.destroy()
  })

  it('can be destroyed before its first request, and twice', () => {
    const { client } = setup()
    expect(() => client.destroy()).not.toThrow()
    expect(() => client.destroy()).not.toThrow()
    expect(client.getIframe()).toBeUndefined()
  })

  it('leaves no message listener on the window once destroyed', async () => {
    const { client, appWindow } = setup()
    // Listeners by type and function, as an EventTarget keeps them.
    const listening = new Set<string>()
    const ids = new Map<unknown, number>()
    const key = (type: string, listener: unknown) => {
      if (!ids.has(listener)) ids.set(listener, ids.size)
      return `${type}#${ids.get(listener)}`
    }
    const add = appWindow.addEventListener
    const remove = appWindow.removeEventListener
    appWindow.addEventListener = (type, listener) => {
      listening.add(key(type, listener))
      add(type, listener)
    }
    appWindow.removeEventListener = (type, listener) => {
      listening.delete(key(type, listener))
      remove(type, listener)
    }
    void client.request('GET_CHAIN_ID', {}).catch(() => {})
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    expect(listening.size).toBe(1)
    client.destroy()
    expect([...listening]).toEqual([])
  })

  it('aborts a request waiting out the pause after READY when destroyed', async () => {
    const { client, appWindow, requestsTo } = setup()
    const answer = client.request('GET_CHAIN_ID', {})
    const assertion = expect(answer).rejects.toBeInstanceOf(RequestAbortedError)
    // READY arrived; the 500 ms pause is running.
    await vi.advanceTimersByTimeAsync(10)
    client.destroy()
    await assertion
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady)
    expect(requestsTo(appWindow.frames[0])).toEqual([])
  })

  it('aborts a request whose iframe the page removed during the pause, and loads a new frame next', async () => {
    const { client, appWindow, requestsTo } = setup()
    const answer = client.request('GET_CHAIN_ID', {})
    const assertion = expect(answer).rejects.toBeInstanceOf(RequestAbortedError)
    await vi.advanceTimersByTimeAsync(10)
    client.getIframe()!.remove()
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady)
    await assertion
    expect(client.getIframe()).toBeUndefined()

    const next = client.request('GET_CHAIN_ID', {})
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUTS.afterReady + 10)
    const frame = appWindow.frames[1]!
    const { id } = requestsTo(frame)[0]!.message
    frame.parent.postMessage(
      { type: frameSuccessType('GET_CHAIN_ID'), id, payload: { chainId: 10 } },
      APP_ORIGIN,
    )
    await vi.advanceTimersByTimeAsync(10)
    await expect(next).resolves.toEqual({ chainId: 10 })
  })
})
