// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createOverlay, type Overlay, type OverlayCard, VISIBILITY_HINT } from './createOverlay.ts'
import { frameStyles } from './frameStyles.ts'

type Harness = {
  overlay: Overlay
  shown: { count: number; hidden: number }
  /** What the IntersectionObserver v2 seam would report for the current card. */
  setVisible: (visible: boolean) => void
  observed: Element[]
}

let harness: Harness

function createHarness(visibleForMs?: number): Harness {
  const shown = { count: 0, hidden: 0 }
  const observed: Element[] = []
  let report: ((visible: boolean) => void) | undefined
  const overlay = createOverlay({
    document,
    window,
    onShow: () => shown.count++,
    onHide: () => shown.hidden++,
    ...(visibleForMs === undefined ? {} : { visibleForMs }),
    observeVisibility: (element, onChange) => {
      observed.push(element)
      report = onChange
      return () => {
        if (report === onChange) report = undefined
      }
    },
  })
  return { overlay, shown, observed, setVisible: (visible) => report?.(visible) }
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')
const buttonNamed = (name: string) =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find(
    (button) => button.textContent === name,
  )!
const flush = () => vi.advanceTimersByTimeAsync(0)
const press = (key: string, options: KeyboardEventInit = {}) =>
  document.activeElement?.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options }),
  )

/** A card with a title, some text, Cancel and a guarded Approve; returns its result promise. */
function openApprovalCard(onApprove = vi.fn()) {
  let api: OverlayCard<string> | undefined
  const result = harness.overlay.open<string>((card) => {
    api = card
    card.setTitle('Approve the thing')
    card.body.textContent = 'Details of the thing'
    card.button('Cancel', () => card.cancel())
    card.guardedButton('Approve', () => {
      onApprove()
      card.close('approved')
    })
  })
  return { result, card: () => api!, onApprove }
}

beforeEach(() => {
  vi.useFakeTimers()
  harness = createHarness()
})

afterEach(() => {
  harness.overlay.destroy()
  vi.useRealTimers()
  document.body.replaceChildren()
})

describe('createOverlay', () => {
  it('shows an accessible modal dialog naming the frame origin, and moves focus into it', async () => {
    openApprovalCard()
    await flush()
    const card = dialog()!
    expect(card.getAttribute('aria-modal')).toBe('true')
    const heading = document.getElementById(card.getAttribute('aria-labelledby')!)
    expect(heading?.textContent).toBe('Approve the thing')
    expect(heading?.tagName).toBe('H2')
    expect(card.textContent).toContain(`Secure window · ${window.location.origin}`)
    expect(card.contains(document.activeElement)).toBe(true)
    expect(document.querySelector('.foyer-overlay > .foyer-backdrop')).not.toBeNull()
    expect(harness.shown).toEqual({ count: 1, hidden: 0 })
    expect(harness.observed).toEqual([card])
  })

  it('keeps a guarded button disabled until the card has been fully visible for visibleForMs', async () => {
    const { result } = openApprovalCard()
    await flush()
    const approve = buttonNamed('Approve')
    expect(approve.getAttribute('aria-disabled')).toBe('true')

    harness.setVisible(false)
    const hint = document.getElementById(approve.getAttribute('aria-describedby')!)
    expect(hint?.textContent).toBe(VISIBILITY_HINT)
    expect(hint?.classList.contains('foyer-hidden')).toBe(false)

    harness.setVisible(true)
    expect(approve.hasAttribute('aria-describedby')).toBe(false)
    await vi.advanceTimersByTimeAsync(599)
    expect(approve.getAttribute('aria-disabled')).toBe('true')
    await vi.advanceTimersByTimeAsync(1)
    expect(approve.getAttribute('aria-disabled')).toBe('false')

    // Covered again: disabled at once, and the wait starts over.
    harness.setVisible(false)
    expect(approve.getAttribute('aria-disabled')).toBe('true')
    harness.setVisible(true)
    await vi.advanceTimersByTimeAsync(300)
    expect(approve.getAttribute('aria-disabled')).toBe('true')
    expect(await Promise.race([result, Promise.resolve('pending')])).toBe('pending')
  })

  it('ignores untrusted clicks and key presses on a guarded button, even once enabled', async () => {
    const { result, onApprove } = openApprovalCard()
    await flush()
    harness.setVisible(true)
    await vi.advanceTimersByTimeAsync(600)
    const approve = buttonNamed('Approve')
    expect(approve.getAttribute('aria-disabled')).toBe('false')

    approve.click()
    approve.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    approve.focus()
    press('Enter')
    press(' ')
    await flush()
    expect(onApprove).not.toHaveBeenCalled()
    expect(await Promise.race([result, Promise.resolve('pending')])).toBe('pending')
  })

  it('ignores clicks while the card is not visible', async () => {
    const { onApprove } = openApprovalCard()
    await flush()
    harness.setVisible(false)
    await vi.advanceTimersByTimeAsync(5_000)
    buttonNamed('Approve').click()
    expect(onApprove).not.toHaveBeenCalled()
    expect(buttonNamed('Approve').getAttribute('aria-disabled')).toBe('true')
  })

  it('cancels on Escape: resolves undefined, removes the layer and calls onHide', async () => {
    const { result } = openApprovalCard()
    await flush()
    press('Escape')
    expect(await result).toBeUndefined()
    expect(dialog()).toBeNull()
    expect(document.querySelector('.foyer-overlay')).toBeNull()
    expect(harness.shown).toEqual({ count: 1, hidden: 1 })
  })

  it('acts on plain buttons from any click (Cancel is always safe)', async () => {
    const { result } = openApprovalCard()
    await flush()
    buttonNamed('Cancel').click()
    expect(await result).toBeUndefined()
  })

  it('traps focus inside the card', async () => {
    openApprovalCard()
    await flush()
    const cancel = buttonNamed('Cancel')
    const approve = buttonNamed('Approve')
    // Secondary actions come first, the primary one last.
    expect(Array.from(document.querySelectorAll('.foyer-actions button'))).toEqual([
      cancel,
      approve,
    ])
    // The scrollable content area is the first stop, so that the keyboard can scroll it.
    const body = dialog()!.querySelector<HTMLElement>('.foyer-card-body')!
    expect(body.tabIndex).toBe(0)
    approve.focus()
    press('Tab')
    expect(document.activeElement).toBe(body)
    press('Tab', { shiftKey: true })
    expect(document.activeElement).toBe(approve)
    // Focus moved elsewhere in the frame document comes back to the card.
    const stray = document.createElement('button')
    document.body.appendChild(stray)
    stray.focus()
    expect(dialog()!.contains(document.activeElement)).toBe(true)
  })

  it('shows one card at a time, in order, with one SHOW and one HIDE around them', async () => {
    const first = openApprovalCard()
    const second = harness.overlay.open<number>((card) => {
      card.setTitle('Second')
      card.button('OK', () => card.close(2), { variant: 'primary' })
    })
    await flush()
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1)
    buttonNamed('Cancel').click()
    expect(await first.result).toBeUndefined()
    await flush()
    expect(document.querySelector('.foyer-title')?.textContent).toBe('Second')
    expect(harness.shown).toEqual({ count: 1, hidden: 0 })
    buttonNamed('OK').click()
    expect(await second).toBe(2)
    expect(harness.shown).toEqual({ count: 1, hidden: 1 })
  })

  it('shows errors in a role=alert region', async () => {
    const { card } = openApprovalCard()
    await flush()
    card().setError('Wrong password')
    const alert = dialog()!.querySelector('[role="alert"]')!
    expect(alert.textContent).toBe('Wrong password')
    expect(alert.classList.contains('foyer-hidden')).toBe(false)
    card().setError(undefined)
    expect(alert.classList.contains('foyer-hidden')).toBe(true)
  })

  it('rejects when a render fails, then goes on with the next card', async () => {
    const failing = harness.overlay.open(async () => {
      throw new Error('render failed')
    })
    const next = openApprovalCard()
    await expect(failing).rejects.toThrow('render failed')
    await flush()
    expect(document.querySelector('.foyer-title')?.textContent).toBe('Approve the thing')
    press('Escape')
    expect(await next.result).toBeUndefined()
  })

  it('resolves every open card with undefined on destroy, and any later one at once', async () => {
    const first = openApprovalCard()
    const second = openApprovalCard()
    await flush()
    harness.overlay.destroy()
    expect(await first.result).toBeUndefined()
    expect(await second.result).toBeUndefined()
    expect(document.querySelector('.foyer-overlay')).toBeNull()
    expect(harness.shown).toEqual({ count: 1, hidden: 1 })
    expect(await harness.overlay.open(() => {})).toBeUndefined()
  })
})

describe('frameStyles', () => {
  it('keeps the document transparent and sets no colour scheme on the root', () => {
    expect(frameStyles).toMatch(/html, body \{[^}]*background: transparent/)
    // A root color-scheme differing from the app's makes Chromium paint the iframe opaque.
    expect(frameStyles).not.toMatch(/(^|\n)\s*(:root|html|html, body)\s*\{[^}]*color-scheme/)
    expect(frameStyles).toContain('prefers-reduced-motion')
    expect(frameStyles).toContain(':root[data-theme="dark"]')
  })
})
