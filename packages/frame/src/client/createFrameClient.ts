import {
  type BaseError,
  FrameRequestError,
  IframeLoadFailedError,
  IframeRequestTimeoutError,
  RequestAbortedError,
} from '../errors.ts'
import {
  appMessageType,
  FRAME_HIDE_TYPE,
  FRAME_SHOW_TYPE,
  type FrameEventName,
  type FrameRequestPayload,
  type FrameResponsePayload,
  isFrameReadyMessage,
  parseFrameReply,
} from '../protocol/messages.ts'

/** SPEC §9 timing constants of the embedded frame. */
export const FRAME_TIMEOUTS = {
  /** No READY after this long → `iframe_load_failed`. */
  load: 20_000,
  /** No answer after this long → `iframe_request_timeout`, then the request is aborted. */
  request: 120_000,
  /** Sign-out resolves after at most this long, answered or not. */
  signOut: 3_000,
  /** Pause after READY before the first request. */
  afterReady: 500,
} as const

/** The parts of `window` the client uses, so tests can pass a fake with the same semantics. */
export type FrameClientWindow = {
  document: {
    createElement: (tagName: 'iframe') => HTMLIFrameElement
    body: { appendChild: (node: HTMLIFrameElement) => unknown }
    activeElement?: Element | null
  }
  addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void
  removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void
}

export type CreateFrameClientParameters = {
  /** The frame page, e.g. `http://127.0.0.1:4401/embedded/frame`. */
  frameUrl: string
  projectId: string
  window?: FrameClientWindow
  timeouts?: Partial<Record<keyof typeof FRAME_TIMEOUTS, number>>
  /** Called with the SPEC §8 alert errors (`iframe_load_failed`, `iframe_request_timeout`). */
  onError?: (error: IframeLoadFailedError | IframeRequestTimeoutError) => void
}

export type FrameClient = {
  /** Sends one event (loading the frame on first use) and resolves with its success payload. */
  request: <name extends FrameEventName>(
    name: name,
    payload: FrameRequestPayload<name>,
  ) => Promise<FrameResponsePayload<name>>
  /** Signs out; resolves within `timeouts.signOut` even if the frame or server never answers. */
  signOut: () => Promise<void>
  /** The iframe, once created (never before the first request). */
  getIframe: () => HTMLIFrameElement | undefined
  /** Whether the frame is shown to the visitor (an approval, recovery or export in progress). */
  isShown: () => boolean
  /** Removes the iframe and listener; pending requests reject with 'Request was aborted'. */
  destroy: () => void
}

export type FrameClientErrorType =
  | IframeLoadFailedError
  | RequestAbortedError
  | FrameRequestError
  | BaseError

type Pending = {
  name: FrameEventName
  resolve: (payload: unknown) => void
  reject: (error: Error) => void
  timer: ReturnType<typeof setTimeout> | undefined
}

/** Hidden but not display:none, which some browsers throttle. */
const hiddenStyle = 'position:absolute;width:0;height:0;border:0;opacity:0;pointer-events:none;'
/**
 * Shown: above everything, the whole viewport, fully opaque. The frame draws its own backdrop and
 * card, and acts only while it sees itself fully visible (so an app cannot cover or fade it).
 */
const shownStyle =
  'position:fixed;inset:0;width:100%;height:100%;border:0;margin:0;padding:0;opacity:1;' +
  'pointer-events:auto;z-index:2147483647;background:transparent;color-scheme:normal;' +
  'transform:none;filter:none;display:block;visibility:visible;'

/** The app side of the embedded wallet: a hidden iframe made on first use, requests by id. */
export function createFrameClient(parameters: CreateFrameClientParameters): FrameClient {
  const appWindow = parameters.window ?? (globalThis.window as unknown as FrameClientWindow)
  const timeouts = { ...FRAME_TIMEOUTS, ...parameters.timeouts }
  const frameUrl = new URL(parameters.frameUrl)
  frameUrl.searchParams.set('projectId', parameters.projectId)
  const frameOrigin = frameUrl.origin
  const pending = new Map<string, Pending>()
  /** Rejecters of the frame load in progress, so `reset` can end it without an alert. */
  const aborts = new Set<(error: Error) => void>()
  let iframe: HTMLIFrameElement | undefined
  let ready: Promise<Window> | undefined
  let onReady: (() => void) | undefined
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  let shown = false
  let focusBeforeShow: Element | null | undefined
  let keepInteractive: MutationObserver | undefined

  /**
   * The request timeout counts only while the frame is hidden: a shown frame waits for the
   * visitor (reading a transaction, typing a password), which is not an unresponsive frame.
   */
  const armTimer = (id: string) => {
    const entry = pending.get(id)
    if (!entry || shown) return
    clearTimeout(entry.timer)
    entry.timer = setTimeout(() => {
      pending.delete(id)
      const timeout = new IframeRequestTimeoutError({ details: `${entry.name} got no answer` })
      parameters.onError?.(timeout)
      entry.reject(new RequestAbortedError({ cause: timeout }))
    }, timeouts.request)
  }

  const show = () => {
    if (!iframe || shown) return
    shown = true
    for (const entry of pending.values()) {
      clearTimeout(entry.timer)
      entry.timer = undefined
    }
    // The frame may have taken focus already (its card focuses itself): that is not where to return.
    const active = deepActiveElement(appWindow.document.activeElement)
    focusBeforeShow = active === iframe ? undefined : active
    iframe.style.cssText = shownStyle
    iframe.removeAttribute('aria-hidden')
    iframe.setAttribute('tabindex', '0')
    // A modal dialog of the app (ours included) makes the rest of the page inert; the frame must
    // stay reachable above it while the visitor needs it.
    iframe.inert = false
    const element = iframe
    if (typeof MutationObserver !== 'undefined') {
      keepInteractive = new MutationObserver(() => {
        if (element.inert) element.inert = false
      })
      keepInteractive.observe(element, { attributes: true, attributeFilter: ['inert'] })
    }
    iframe.focus()
  }

  const hide = () => {
    if (!iframe || !shown) return
    shown = false
    keepInteractive?.disconnect()
    keepInteractive = undefined
    iframe.style.cssText = hiddenStyle
    iframe.setAttribute('aria-hidden', 'true')
    iframe.setAttribute('tabindex', '-1')
    for (const id of pending.keys()) armTimer(id)
    // Focus goes back where it was (inside the app's dialog too), never stays in a hidden frame.
    const previous = focusBeforeShow
    focusBeforeShow = undefined
    iframe.blur()
    restoreFocus(previous, appWindow.document)
  }

  const onMessage = (event: MessageEvent) => {
    // Exact origin and the very iframe we made: anything else is not our frame.
    if (event.origin !== frameOrigin || !iframe || event.source !== iframe.contentWindow) return
    if (isFrameReadyMessage(event.data)) {
      onReady?.()
      return
    }
    const type = (event.data as { type?: unknown } | null)?.type
    if (type === FRAME_SHOW_TYPE) return show()
    if (type === FRAME_HIDE_TYPE) return hide()
    const reply = parseFrameReply(event.data)
    if (!reply) return
    const request = pending.get(reply.id)
    if (!request || request.name !== reply.name) return
    pending.delete(reply.id)
    clearTimeout(request.timer)
    if (reply.kind === 'success') request.resolve(reply.payload)
    else
      request.reject(
        // An error the frame gave no text for is still an error, told with SPEC §8's words.
        new FrameRequestError(reply.payload.message || 'An error occurred', {
          ...(reply.payload.code !== undefined ? { code: reply.payload.code } : {}),
        }),
      )
  }

  const removeFrame = () => {
    clearTimeout(loadTimer)
    appWindow.removeEventListener('message', onMessage)
    iframe?.remove()
    iframe = undefined
    shown = false
    keepInteractive?.disconnect()
    keepInteractive = undefined
    ready = undefined
    onReady = undefined
  }

  /** Drops the frame and every pending request, quietly: 'Request was aborted', no alert. */
  const reset = () => {
    for (const [id, entry] of pending) {
      clearTimeout(entry.timer)
      entry.reject(new RequestAbortedError())
      pending.delete(id)
    }
    for (const abort of aborts) abort(new RequestAbortedError())
    aborts.clear()
    removeFrame()
  }

  const load = (): Promise<Window> => {
    ready ??= new Promise<Window>((resolve, reject) => {
      appWindow.addEventListener('message', onMessage)
      const element = appWindow.document.createElement('iframe')
      element.title = 'Foyer embedded wallet'
      element.setAttribute('aria-hidden', 'true')
      element.setAttribute('tabindex', '-1')
      // Passkeys are created and used inside the frame, on its own origin.
      element.setAttribute('allow', 'publickey-credentials-get; publickey-credentials-create')
      element.style.cssText = hiddenStyle
      iframe = element
      loadTimer = setTimeout(() => {
        aborts.delete(reject)
        const error = new IframeLoadFailedError({ details: `No READY from ${frameOrigin}` })
        removeFrame()
        parameters.onError?.(error)
        reject(error)
      }, timeouts.load)
      onReady = () => {
        onReady = undefined
        clearTimeout(loadTimer)
        // SPEC §9: the frame needs a moment after READY before it takes requests. A reset during
        // that pause clears this timer and aborts the load (its `reject` is still in `aborts`).
        loadTimer = setTimeout(() => {
          aborts.delete(reject)
          if (element.contentWindow) return resolve(element.contentWindow)
          // The page removed the iframe meanwhile: abort, and load a new one on the next request.
          removeFrame()
          reject(new RequestAbortedError())
        }, timeouts.afterReady)
      }
      aborts.add(reject)
      element.src = frameUrl.href
      appWindow.document.body.appendChild(element)
    })
    return ready
  }

  const request: FrameClient['request'] = async (name, payload) => {
    const target = await load()
    const id = crypto.randomUUID()
    return new Promise((resolve, reject) => {
      pending.set(id, {
        name,
        resolve: resolve as (payload: unknown) => void,
        reject,
        timer: undefined,
      })
      armTimer(id)
      target.postMessage({ type: appMessageType(name), id, payload }, frameOrigin)
    })
  }

  return {
    request,
    async signOut() {
      let timer: ReturnType<typeof setTimeout> | undefined
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeouts.signOut)
      })
      // Local sign-out must not hang on a dead frame or server (SPEC §4): whichever comes first.
      const answered = await Promise.race([
        request('SIGN_OUT', {}).then(
          () => true,
          () => true,
        ),
        deadline.then(() => false),
      ])
      clearTimeout(timer)
      // A frame that did not answer in time is dropped, so no late timeout alert follows sign-out.
      if (!answered) reset()
    },
    getIframe: () => iframe,
    isShown: () => shown,
    destroy: reset,
  }
}

/** The focused element, looking into open shadow roots (the dialog renders in one). */
function deepActiveElement(element: Element | null | undefined): Element | null {
  let current = element ?? null
  while (current?.shadowRoot?.activeElement) current = current.shadowRoot.activeElement
  return current
}

/**
 * Focuses `element`, or when it cannot take focus now (disabled while its action runs, say) the
 * nearest ancestor that can, crossing shadow roots: the dialog's card at the latest.
 */
function restoreFocus(
  element: Element | null | undefined,
  document: { activeElement?: Element | null },
) {
  for (let current = element; current; ) {
    if (current.isConnected && typeof (current as HTMLElement).focus === 'function') {
      ;(current as HTMLElement).focus()
      if (deepActiveElement(document.activeElement) === current) return
    }
    const root = current.getRootNode?.() as ShadowRoot | Document | undefined
    current = current.parentElement ?? (root && 'host' in root ? root.host : null)
  }
}
