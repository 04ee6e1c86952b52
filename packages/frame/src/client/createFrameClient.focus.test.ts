// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { FRAME_HIDE_TYPE, FRAME_READY_TYPE, FRAME_SHOW_TYPE } from '../protocol/messages.ts'
import { createFrameClient, type FrameClientWindow } from './createFrameClient.ts'

const FRAME_ORIGIN = 'http://127.0.0.1:4401'
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The app page in a DOM (happy-dom: focus, shadow roots, inert, MutationObserver). The frame is a
 * focusable element standing in for the iframe, whose window the test speaks for.
 */
function setup() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const frameWindow = { postMessage: () => {} }
  let element: HTMLElement | undefined
  const appWindow: FrameClientWindow = {
    document: {
      createElement: () => {
        element = document.createElement('div')
        Object.defineProperty(element, 'contentWindow', { get: () => frameWindow })
        Object.defineProperty(element, 'src', {
          set: () => setTimeout(() => fromFrame({ type: FRAME_READY_TYPE }), 0),
        })
        return element as unknown as HTMLIFrameElement
      },
      body: { appendChild: (node) => document.body.appendChild(node) },
      get activeElement() {
        return document.activeElement
      },
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  }
  const fromFrame = (data: unknown) => {
    const event = { data, origin: FRAME_ORIGIN, source: frameWindow } as unknown as MessageEvent
    for (const listener of [...listeners]) listener(event)
  }
  const client = createFrameClient({
    frameUrl: `${FRAME_ORIGIN}/embedded/frame`,
    projectId: 'demo',
    window: appWindow,
    timeouts: { afterReady: 0 },
  })
  /** Loads the frame (a request that stays open) and shows it. */
  const show = async () => {
    void client.request('RPC_REQUEST', { method: 'personal_sign', params: [] }).catch(() => {})
    await tick()
    fromFrame({ type: FRAME_SHOW_TYPE })
    await tick()
  }
  const hide = async () => {
    fromFrame({ type: FRAME_HIDE_TYPE })
    await tick()
  }
  return { client, show, hide, frame: () => element!, fromFrame }
}

/** The app's dialog: a card (focusable by script) in a shadow root, with a button. */
function appDialog() {
  const host = document.createElement('div')
  document.body.appendChild(host)
  const root = host.attachShadow({ mode: 'open' })
  const card = document.createElement('div')
  card.setAttribute('tabindex', '-1')
  const button = document.createElement('button')
  button.textContent = 'Send'
  card.appendChild(button)
  root.appendChild(card)
  return { host, root, card, button }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('createFrameClient: focus and the shown frame', () => {
  it('moves focus into the shown frame and back to the dialog button on HIDE', async () => {
    const { button, root } = appDialog()
    const { client, show, hide, frame } = setup()
    button.focus()
    expect(root.activeElement).toBe(button)
    await show()
    expect(document.activeElement).toBe(frame())
    expect(frame().getAttribute('tabindex')).toBe('0')
    await hide()
    expect(root.activeElement).toBe(button)
    expect(document.activeElement).not.toBe(frame())
    client.destroy()
  })

  it('focuses the nearest ancestor that can take focus when the button no longer can', async () => {
    const { button, card, root } = appDialog()
    const { client, show, hide } = setup()
    button.focus()
    await show()
    // Disabled while its action runs.
    button.disabled = true
    await hide()
    expect(root.activeElement).toBe(card)
    client.destroy()
  })

  it('crosses the shadow root to its host when nothing inside can take focus', async () => {
    const { button, card, host, root } = appDialog()
    host.setAttribute('tabindex', '-1')
    const { client, show, hide } = setup()
    button.focus()
    await show()
    // Nothing in the dialog can take focus now (made inert meanwhile).
    card.inert = true
    await hide()
    expect(root.activeElement).toBeNull()
    expect(document.activeElement).toBe(host)
    client.destroy()
  })

  it('does not send focus back into the hidden frame when the frame had it before SHOW', async () => {
    const { client, hide, frame, fromFrame } = setup()
    void client.request('RPC_REQUEST', { method: 'personal_sign', params: [] }).catch(() => {})
    await tick()
    // The frame's own card took focus first (as it does).
    frame().setAttribute('tabindex', '0')
    frame().focus()
    expect(document.activeElement).toBe(frame())
    fromFrame({ type: FRAME_SHOW_TYPE })
    await tick()
    await hide()
    expect(document.activeElement).not.toBe(frame())
    client.destroy()
  })

  it('keeps the shown frame interactive when a modal makes the rest of the page inert', async () => {
    const { client, show, hide, frame } = setup()
    await show()
    expect(frame().inert).toBe(false)
    frame().inert = true
    await tick()
    expect(frame().inert).toBe(false)
    await hide()
    // Hidden, the page may make it inert again.
    frame().inert = true
    await tick()
    expect(frame().inert).toBe(true)
    client.destroy()
  })

  it('releases an inert frame when it is shown', async () => {
    const { client, frame, fromFrame } = setup()
    void client.request('RPC_REQUEST', { method: 'personal_sign', params: [] }).catch(() => {})
    await tick()
    frame().inert = true
    fromFrame({ type: FRAME_SHOW_TYPE })
    await tick()
    expect(frame().inert).toBe(false)
    client.destroy()
  })
})
