const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
].join(',')

/** The elements inside `container` reachable with Tab, in document order. */
export function getTabbableElements(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => element.tabIndex >= 0 && !element.hidden && !element.closest('[inert]'),
  )
}

/**
 * Keeps Tab and Shift+Tab inside `container`: from the last tabbable element Tab wraps to the
 * first, and from the first (or the container itself) Shift+Tab wraps to the last.
 * Returns true when it moved focus (the caller prevents the default action).
 */
export function trapTabKey(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey'>,
  container: HTMLElement,
  activeElement: Element | null,
): boolean {
  if (event.key !== 'Tab') return false
  const tabbable = getTabbableElements(container)
  if (tabbable.length === 0) {
    container.focus()
    return true
  }
  const first = tabbable[0]!
  const last = tabbable[tabbable.length - 1]!
  const inside = activeElement !== null && container.contains(activeElement)
  if (event.shiftKey && (!inside || activeElement === first || activeElement === container)) {
    last.focus()
    return true
  }
  if (!event.shiftKey && (!inside || activeElement === last)) {
    first.focus()
    return true
  }
  return false
}
