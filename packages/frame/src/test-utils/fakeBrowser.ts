/**
 * A small model of cross-window `postMessage` for Node tests: every delivered event carries the
 * sender's real origin and a `source` that is identical to the handle the receiver holds for the
 * sender (`iframe.contentWindow`, `window.parent`); a message whose targetOrigin does not match the
 * receiver's origin is dropped, as browsers do. The real-browser test checks the same in Chromium.
 */

type Listener = (event: MessageEvent) => void

export type FakeWindow = {
  origin: string
  parent: WindowHandle
  document: {
    createElement: (tagName: 'iframe') => HTMLIFrameElement
    body: { appendChild: (node: HTMLIFrameElement) => unknown }
  }
  addEventListener: (type: 'message', listener: Listener) => void
  removeEventListener: (type: 'message', listener: Listener) => void
  /** Every `postMessage` this window's code made: target origin included. */
  sent: { data: unknown; targetOrigin: string }[]
  /** Every message event delivered to this window. */
  received: MessageEvent[]
  /** Frames created by this window's iframes, by load order. */
  frames: FakeWindow[]
}

/** How one window sees another: only `postMessage`. */
export type WindowHandle = { postMessage: (data: unknown, targetOrigin: string) => void }

export type FakeBrowser = {
  /** A top-level window of `origin`. */
  openWindow: (origin: string) => FakeWindow
  /** What runs when a frame of `origin` loads (the frame page's script). No page: it never answers. */
  servePage: (origin: string, boot: (frameWindow: FakeWindow) => void) => void
  /** A handle through which `from` can post to `to` (e.g. a foreign page holding a frame reference). */
  handle: (from: FakeWindow, to: FakeWindow) => WindowHandle
}

export function createFakeBrowser(): FakeBrowser {
  const pages = new Map<string, (frameWindow: FakeWindow) => void>()
  const handles = new Map<FakeWindow, Map<FakeWindow, WindowHandle>>()

  const deliver = (from: FakeWindow, to: FakeWindow, data: unknown, targetOrigin: string) => {
    from.sent.push({ data, targetOrigin })
    if (targetOrigin !== '*' && targetOrigin !== to.origin) return
    const cloned = structuredClone(data)
    setTimeout(() => {
      const event = {
        data: cloned,
        origin: from.origin,
        source: handle(to, from),
      } as unknown as MessageEvent
      to.received.push(event)
      for (const listener of [...listeners(to)]) listener(event)
    }, 0)
  }

  /** The one handle `viewer` holds for `target`, so `event.source === handle` comparisons work. */
  const handle = (viewer: FakeWindow, target: FakeWindow): WindowHandle => {
    let byTarget = handles.get(viewer)
    if (!byTarget) {
      byTarget = new Map()
      handles.set(viewer, byTarget)
    }
    let existing = byTarget.get(target)
    if (!existing) {
      existing = {
        postMessage: (data, targetOrigin) => deliver(viewer, target, data, targetOrigin),
      }
      byTarget.set(target, existing)
    }
    return existing
  }

  const listenerSets = new Map<FakeWindow, Set<Listener>>()
  const listeners = (w: FakeWindow) => {
    let set = listenerSets.get(w)
    if (!set) {
      set = new Set()
      listenerSets.set(w, set)
    }
    return set
  }

  const createWindow = (origin: string, parent: FakeWindow | undefined): FakeWindow => {
    const self: FakeWindow = {
      origin,
      parent: undefined as unknown as WindowHandle,
      sent: [],
      received: [],
      frames: [],
      addEventListener: (_type, listener) => listeners(self).add(listener),
      removeEventListener: (_type, listener) => listeners(self).delete(listener),
      document: {
        createElement: () => createIframe(self),
        body: { appendChild: (node) => node },
      },
    }
    self.parent = handle(self, parent ?? self)
    return self
  }

  const createIframe = (owner: FakeWindow): HTMLIFrameElement => {
    let frameWindow: FakeWindow | undefined
    const attributes = new Map<string, string>()
    const element = {
      title: '',
      style: { cssText: '' },
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      getAttribute: (name: string) => attributes.get(name) ?? null,
      removeAttribute: (name: string) => attributes.delete(name),
      focus: () => {},
      blur: () => {},
      get contentWindow() {
        return frameWindow ? handle(owner, frameWindow) : null
      },
      set src(url: string) {
        const origin = new URL(url).origin
        frameWindow = createWindow(origin, owner)
        owner.frames.push(frameWindow)
        const boot = pages.get(origin)
        const loaded = frameWindow
        if (boot) setTimeout(() => boot(loaded), 0)
      },
      remove: () => {
        if (frameWindow) listeners(frameWindow).clear()
        frameWindow = undefined
      },
    }
    return element as unknown as HTMLIFrameElement
  }

  return {
    openWindow: (origin) => createWindow(origin, undefined),
    servePage: (origin, boot) => {
      pages.set(origin, boot)
    },
    handle,
  }
}
