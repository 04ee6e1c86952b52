import { observeFullVisibility } from './observeFullVisibility.ts'

export type CreateOverlayParameters = {
  document: Document
  window: Window
  /** Called before the first card shows / after the last closes (the host posts SHOW / HIDE to the app). */
  onShow: () => void
  onHide: () => void
  /** How long the card must have been fully visible (IntersectionObserver v2) before a guarded button acts. Default 600 ms. */
  visibleForMs?: number
  /** Test seam: replaces the IntersectionObserver v2 check (happy-dom has none). */
  observeVisibility?: (element: Element, onChange: (visible: boolean) => void) => () => void
  /**
   * Whether this browser can tell that the embedding page covers the frame (IntersectionObserver
   * v2, Chromium). Where it cannot (Firefox, Safari), a card with guarded buttons moves to a
   * secure window of the frame's origin, which no page can cover. Default: detected.
   */
  coveringDetectable?: boolean
  /** The frame-origin page that hosts such a card. Default `/secure-window` on this origin. */
  secureWindowUrl?: string
}

export type OverlayCard<value> = {
  /** The card's content area. */
  body: HTMLElement
  /** Sets the dialog's heading (its accessible name). */
  setTitle: (title: string) => void
  /**
   * A button that acts only on a trusted click (`event.isTrusted`) or trusted Enter/Space, and
   * only while the card has been fully visible for `visibleForMs`; disabled (aria-disabled + a
   * short visible hint "Make sure this window is fully visible") otherwise.
   */
  guardedButton: (
    label: string,
    onActivate: () => void,
    options?: { variant?: 'primary' | 'secondary' | 'danger' },
  ) => HTMLButtonElement
  /** A plain button (Cancel, Back, Not now…). */
  button: (
    label: string,
    onActivate: () => void,
    options?: { variant?: 'primary' | 'secondary' },
  ) => HTMLButtonElement
  /** Shows an inline error (role=alert) in the card. */
  setError: (message: string | undefined) => void
  /** Closes with `value`. A method, so an `OverlayCard<boolean>` also serves as `OverlayCard<unknown>`. */
  close(value: value): void
  /** Closes with `undefined` (also Escape). */
  cancel: () => void
}

export type Overlay = {
  /** Shows one card at a time (later calls queue); resolves with the close value, or undefined when cancelled. */
  open: <value>(
    render: (card: OverlayCard<value>) => void | Promise<void>,
  ) => Promise<value | undefined>
  destroy: () => void
}

export const VISIBILITY_HINT = 'Make sure this window is fully visible'
export const SECURE_WINDOW_TITLE = 'Continue in a secure window'

/** IntersectionObserver v2 reports `isVisible`: the frame can tell when the page covers it. */
export function canDetectCovering(window: Window): boolean {
  const Entry = (window as unknown as { IntersectionObserverEntry?: unknown })
    .IntersectionObserverEntry
  return typeof Entry === 'function' && 'isVisible' in (Entry as { prototype: object }).prototype
}

type QueuedCard = {
  render: (card: OverlayCard<unknown>) => void | Promise<void>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type ActiveCard = { cancel: () => void }

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/**
 * The frame's modal shell: one card at a time over a backdrop drawn inside the frame document.
 * The card names the frame's own origin so the visitor can tell it is the wallet speaking, traps
 * focus, and closes on Escape. Guarded buttons (Approve, Sign…) ignore script clicks and clicks
 * while the embedding page hides or covers the frame.
 */
export function createOverlay(parameters: CreateOverlayParameters): Overlay {
  const { document, window, onShow, onHide } = parameters
  const visibleForMs = parameters.visibleForMs ?? 600
  const coveringDetectable =
    parameters.coveringDetectable ??
    (parameters.observeVisibility !== undefined || canDetectCovering(window))
  const secureWindowUrl =
    parameters.secureWindowUrl ?? new URL('/secure-window', window.location.href).href
  const observeVisibility =
    parameters.observeVisibility ??
    ((element: Element, onChange: (visible: boolean) => void) =>
      observeFullVisibility({ element, window, onChange }))

  const queue: QueuedCard[] = []
  let active: ActiveCard | undefined
  let root: HTMLElement | undefined
  let previousFocus: Element | null = null
  let destroyed = false
  let cardCount = 0

  const showRoot = (): HTMLElement => {
    if (root) return root
    onShow()
    previousFocus = document.activeElement
    root = element('div', 'foyer-overlay')
    root.appendChild(element('div', 'foyer-backdrop'))
    document.body.appendChild(root)
    return root
  }

  const hideRoot = () => {
    if (!root) return
    root.remove()
    root = undefined
    const restore = previousFocus as HTMLElement | null
    if (restore?.isConnected && typeof restore.focus === 'function') restore.focus()
    previousFocus = null
    onHide()
  }

  const next = () => {
    if (active || destroyed) return
    const queued = queue.shift()
    if (!queued) {
      hideRoot()
      return
    }
    void showCard(queued)
  }

  const showCard = async (queued: QueuedCard) => {
    const id = `foyer-card-${++cardCount}`
    let closed = false
    let visibleSince: number | undefined
    let visibilityReported = false
    /** The card's secure window, where the browser cannot detect covering. */
    let secure: { placeholder: HTMLElement; popup: Window | null; poll: number } | undefined
    let enableTimer: number | undefined
    let stopObserving: (() => void) | undefined
    const guardedButtons: HTMLButtonElement[] = []

    const card = element('section', 'foyer-card')
    card.setAttribute('role', 'dialog')
    card.setAttribute('aria-modal', 'true')
    card.setAttribute('aria-labelledby', `${id}-title`)
    card.tabIndex = -1
    const header = element('div', 'foyer-card-header')
    const badge = element('p', 'foyer-secure-badge')
    badge.append(lockIcon(document), `Secure window · ${window.location.origin}`)
    const title = element('h2', 'foyer-title')
    title.id = `${id}-title`
    title.textContent = 'Secure window'
    header.append(badge, title)
    const body = element('div', 'foyer-card-body')
    // Focusable so that keyboard users can scroll a long request (a region named by the title).
    body.tabIndex = 0
    body.setAttribute('role', 'region')
    body.setAttribute('aria-labelledby', `${id}-title`)
    const alert = element('div', 'foyer-alert foyer-hidden')
    alert.setAttribute('role', 'alert')
    const footer = element('div', 'foyer-card-footer foyer-hidden')
    const hint = element('p', 'foyer-visibility-hint foyer-hidden')
    hint.id = `${id}-hint`
    hint.textContent = VISIBILITY_HINT
    const actions = element('div', 'foyer-actions')
    footer.append(actions)
    // The hint floats over the card's header: its coming and going moves nothing under the pointer.
    card.append(header, body, alert, footer, hint)

    const isReady = () =>
      !closed && visibleSince !== undefined && Date.now() - visibleSince >= visibleForMs

    const updateGuards = () => {
      const ready = isReady()
      const showHint = guardedButtons.length > 0 && visibilityReported && visibleSince === undefined
      hint.classList.toggle('foyer-hidden', !showHint)
      // Chromium drops input to a frame that just moved or appeared: a card is ready for clicks
      // (and says so, for tests and tools) once it has been fully visible for `visibleForMs`.
      card.toggleAttribute('data-foyer-ready', ready)
      for (const button of guardedButtons) {
        button.setAttribute('aria-disabled', String(!ready))
        if (showHint) button.setAttribute('aria-describedby', hint.id)
        else button.removeAttribute('aria-describedby')
      }
    }

    const onVisibilityChange = (visible: boolean) => {
      if (closed) return
      visibilityReported = true
      if (enableTimer !== undefined) window.clearTimeout(enableTimer)
      enableTimer = undefined
      if (!visible) visibleSince = undefined
      else {
        visibleSince ??= Date.now()
        const remaining = visibleSince + visibleForMs - Date.now()
        if (remaining > 0) enableTimer = window.setTimeout(updateGuards, remaining)
      }
      updateGuards()
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        finish(undefined)
        return
      }
      if (event.key !== 'Tab') return
      const focusables = focusableIn(card)
      const first = focusables[0]
      const last = focusables.at(-1)
      if (!first || !last) {
        event.preventDefault()
        card.focus()
        return
      }
      const current = document.activeElement
      const inside = isNode(current) && card.contains(current)
      if (event.shiftKey && (!inside || current === first || current === card)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (!inside || current === last)) {
        event.preventDefault()
        first.focus()
      }
    }

    // Focus that lands outside the card (the frame document has nothing else) goes back in.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target
      if (isNode(target) && card.contains(target)) return
      card.focus()
    }

    const finish = (value: unknown) => {
      if (closed) return
      closed = true
      if (enableTimer !== undefined) window.clearTimeout(enableTimer)
      stopObserving?.()
      document.removeEventListener('keydown', onKeyDown, true)
      document.removeEventListener('focusin', onFocusIn, true)
      card.remove()
      if (secure) {
        window.clearInterval(secure.poll)
        secure.placeholder.remove()
        if (secure.popup && !secure.popup.closed) secure.popup.close()
      }
      queued.resolve(value)
      if (active === handle) active = undefined
      next()
    }
    const handle: ActiveCard = { cancel: () => finish(undefined) }
    active = handle

    const makeButton = (label: string, variant: 'primary' | 'secondary' | 'danger') => {
      const button = element('button', `foyer-button foyer-button-${variant}`) as HTMLButtonElement
      button.type = 'button'
      button.textContent = label
      // Secondary actions first: the primary one ends the row, where the eye finishes.
      if (variant === 'secondary') actions.prepend(button)
      else actions.append(button)
      footer.classList.remove('foyer-hidden')
      return button
    }

    const cardApi: OverlayCard<unknown> = {
      body,
      setTitle: (text) => {
        title.textContent = text
      },
      guardedButton: (label, onActivate, options) => {
        const button = makeButton(label, options?.variant ?? 'primary')
        guardedButtons.push(button)
        button.addEventListener('click', (event) => {
          // A script's click (`button.click()`, `dispatchEvent`) is never trusted; a trusted one
          // still counts only once the visitor could see the whole card for `visibleForMs`.
          if (event.isTrusted !== true || !isReady()) {
            event.preventDefault()
            event.stopImmediatePropagation()
            return
          }
          onActivate()
        })
        updateGuards()
        return button
      },
      button: (label, onActivate, options) => {
        const button = makeButton(label, options?.variant ?? 'secondary')
        button.addEventListener('click', () => {
          if (!closed) onActivate()
        })
        return button
      },
      setError: (message) => {
        alert.textContent = message ?? ''
        alert.classList.toggle('foyer-hidden', !message)
      },
      close: (value) => finish(value),
      cancel: () => finish(undefined),
    }

    try {
      await queued.render(cardApi)
    } catch (error) {
      if (!closed) {
        closed = true
        if (active === handle) active = undefined
        queued.reject(error)
        next()
      }
      return
    }
    if (closed || destroyed) return
    if (guardedButtons.length > 0 && !coveringDetectable) {
      showInSecureWindow()
      return
    }

    showRoot().appendChild(card)
    document.addEventListener('keydown', onKeyDown, true)
    document.addEventListener('focusin', onFocusIn, true)
    card.focus()
    try {
      stopObserving = observeVisibility(card, onVisibilityChange)
    } catch {
      // Visibility that cannot be measured is never "visible": guarded buttons stay disabled.
      onVisibilityChange(false)
    }
    updateGuards()

    /**
     * This browser cannot tell when the page covers the frame: the frame shows why, and the
     * visitor's click opens a window of the frame's origin (a top-level window no page can
     * cover) into which the card moves, buttons and all. Its guarded buttons act once it has been
     * open for `visibleForMs`; closing it cancels.
     */
    function showInSecureWindow() {
      const placeholder = element('section', 'foyer-card')
      placeholder.setAttribute('role', 'dialog')
      placeholder.setAttribute('aria-modal', 'true')
      placeholder.setAttribute('aria-labelledby', `${id}-secure-title`)
      placeholder.tabIndex = -1
      const secureHeader = element('div', 'foyer-card-header')
      const secureBadge = element('p', 'foyer-secure-badge')
      secureBadge.append(lockIcon(document), `Secure window · ${window.location.origin}`)
      const secureTitle = element('h2', 'foyer-title')
      secureTitle.id = `${id}-secure-title`
      secureTitle.textContent = SECURE_WINDOW_TITLE
      secureHeader.append(secureBadge, secureTitle)
      const secureBody = element('div', 'foyer-card-body')
      const explanation = element('p', 'foyer-frame-text')
      explanation.textContent = `This browser cannot tell whether the app's page covers this window. To keep your decision safe, "${title.textContent}" opens in a separate window of ${window.location.origin}.`
      const status = element('p', 'foyer-frame-muted')
      status.setAttribute('role', 'status')
      secureBody.append(explanation, status)
      const secureFooter = element('div', 'foyer-card-footer')
      const secureActions = element('div', 'foyer-actions')
      const cancel = element('button', 'foyer-button foyer-button-secondary') as HTMLButtonElement
      cancel.type = 'button'
      cancel.textContent = 'Cancel'
      cancel.addEventListener('click', () => finish(undefined))
      const open = element('button', 'foyer-button foyer-button-primary') as HTMLButtonElement
      open.type = 'button'
      open.textContent = 'Open secure window'
      secureActions.append(cancel, open)
      secureFooter.append(secureActions)
      placeholder.append(secureHeader, secureBody, secureFooter)
      placeholder.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        finish(undefined)
      })
      secure = { placeholder, popup: null, poll: 0 }
      const current = secure
      showRoot().appendChild(placeholder)
      placeholder.focus()

      let moved = false
      const moveCard = (popup: Window) => {
        const target = popup.document.getElementById('foyer-secure-window') ?? popup.document.body
        target.replaceChildren(popup.document.adoptNode(card))
        popup.document.title = title.textContent ?? SECURE_WINDOW_TITLE
        // The window takes the frame's theme (the app's mode, or none to follow the system).
        const theme = document.documentElement.getAttribute('data-theme')
        if (theme) popup.document.documentElement.setAttribute('data-theme', theme)
        popup.document.addEventListener(
          'keydown',
          (event) => {
            if (event.key !== 'Escape') return
            event.preventDefault()
            finish(undefined)
          },
          true,
        )
        moved = true
        // A top-level window of this origin: nothing covers it. Enabled after `visibleForMs`,
        // so a double click that opened it cannot also approve.
        visibilityReported = true
        visibleSince = Date.now()
        enableTimer = window.setTimeout(updateGuards, visibleForMs)
        updateGuards()
        card.focus()
      }
      open.addEventListener('click', () => {
        if (closed) return
        if (current.popup && !current.popup.closed) {
          current.popup.focus()
          return
        }
        const features = 'popup=yes,width=460,height=680'
        // A name of its own: no other page can target this window by name.
        current.popup = window.open(secureWindowUrl, `foyer-secure-${id}-${Date.now()}`, features)
        if (!current.popup) {
          status.textContent = `The browser blocked the window. Allow pop-ups for ${window.location.origin} and try again.`
          return
        }
        open.textContent = 'Show the secure window'
        status.textContent = 'Waiting for you in the secure window…'
        window.clearInterval(current.poll)
        current.poll = window.setInterval(() => {
          const popup = current.popup
          if (closed || !popup) return
          if (popup.closed) {
            finish(undefined)
            return
          }
          if (moved) return
          try {
            if (popup.document.readyState === 'complete' && popup.location.href === secureWindowUrl)
              moveCard(popup)
          } catch {
            // Not (yet) our page: another origin answered; wait, or the visitor closes it.
          }
        }, 50)
      })
    }
  }

  return {
    open: <value>(render: (card: OverlayCard<value>) => void | Promise<void>) =>
      new Promise<value | undefined>((resolve, reject) => {
        if (destroyed) {
          resolve(undefined)
          return
        }
        queue.push({
          render: render as QueuedCard['render'],
          resolve: resolve as QueuedCard['resolve'],
          reject,
        })
        next()
      }),
    destroy: () => {
      if (destroyed) return
      destroyed = true
      const pending = queue.splice(0)
      active?.cancel()
      for (const queued of pending) queued.resolve(undefined)
      hideRoot()
    },
  }

  function element(tag: string, className: string): HTMLElement {
    const created = document.createElement(tag)
    created.className = className
    return created
  }
}

/** Not `instanceof Node`: the frame's window may be another realm's (tests pass their own). */
function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'nodeType' in value
}

/** Focusable elements in tab order that the visitor can reach (not inside a closed <details>). */
function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (candidate) => {
      if (candidate.closest('.foyer-hidden, [hidden]')) return false
      for (
        let node = candidate.parentElement;
        node && node !== container;
        node = node.parentElement
      )
        if (node.tagName === 'DETAILS' && !node.hasAttribute('open')) {
          const summary = node.querySelector(':scope > summary')
          if (!summary || !(summary === candidate || summary.contains(candidate))) return false
        }
      return true
    },
  )
}

/** A small padlock, drawn with DOM calls (no inline markup or styles under the frame's CSP). */
function lockIcon(document: Document): SVGSVGElement {
  const svgNamespace = 'http://www.w3.org/2000/svg'
  const svg = document.createElementNS(svgNamespace, 'svg')
  svg.setAttribute('viewBox', '0 0 16 16')
  svg.setAttribute('aria-hidden', 'true')
  svg.setAttribute('focusable', 'false')
  const path = document.createElementNS(svgNamespace, 'path')
  path.setAttribute(
    'd',
    'M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1.5 1.5 0 0 0-1.5 1.5v5A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-5A1.5 1.5 0 0 0 12 7h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z',
  )
  svg.appendChild(path)
  return svg
}
