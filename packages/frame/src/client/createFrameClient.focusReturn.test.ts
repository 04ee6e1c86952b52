// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { FRAME_HIDE_TYPE, FRAME_READY_TYPE, FRAME_SHOW_TYPE } from '../protocol/messages.ts'
import { createFrameClient, type FrameClientWindow } from './createFrameClient.ts'

const FRAME_ORIGIN = 'http://127.0.0.1:4401'
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))

/** The app page in happy-dom's DOM, with a focusable element standing in for the iframe. */
function setup() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const frameWindow = { postMessage: () => {} }
  const appWindow: FrameClientWindow = {
    document: {
      createElement: () => {
        const element = document.createElement('div')
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
  return { client, show, hide }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('createFrameClient: returning focus to a page that changed meanwhile', () => {
  it('skips an ancestor of another namespace, which cannot take focus, on its way up', async () => {
    const card = document.createElement('div')
    card.setAttribute('tabindex', '-1')
    // An element of another XML namespace has no focus() at all.
    const wrapper = document.createElementNS('https://example.com/widgets', 'widget')
    const button = document.createElement('button')
    wrapper.appendChild(button)
    card.appendChild(wrapper)
    document.body.appendChild(card)
    const { client, show, hide } = setup()
    button.focus()
    await show()
    button.disabled = true
    await hide()
    expect(document.activeElement).toBe(card)
    client.destroy()
  })

  it('hides without error when the focused link was removed from the page meanwhile', async () => {
    const link = document.createElement('a')
    link.href = 'https://example.com/help'
    link.textContent = 'Help'
    document.body.appendChild(link)
    const { client, show, hide } = setup()
    link.focus()
    expect(document.activeElement).toBe(link)
    await show()
    link.remove()
    await hide()
    expect(client.isShown()).toBe(false)
    expect(document.activeElement).toBe(document.body)
    client.destroy()
  })
})
