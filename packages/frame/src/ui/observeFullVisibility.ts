export type ObserveFullVisibilityParameters = {
  element: Element
  window: Window
  /** Called with true when the element is entirely on screen and nothing covers or fades it. */
  onChange: (visible: boolean) => void
}

export type ObserveFullVisibilityReturnType = () => void

/** IntersectionObserver v2 options; `trackVisibility` is missing from TypeScript's DOM types. */
type VisibilityObserverInit = IntersectionObserverInit & { trackVisibility: boolean; delay: number }

/**
 * Watches whether `element` is fully visible to the visitor with IntersectionObserver v2
 * (`trackVisibility`): Chromium reports `isVisible: false` when the embedding page covers the
 * frame, makes it translucent or transforms it, even though the frame cannot see the page.
 *
 * Browsers without v2 (Firefox, Safari) report no `isVisible`: there the element only has to be
 * entirely inside the viewport, which does not detect covering. Returns a function that stops.
 */
export function observeFullVisibility(
  parameters: ObserveFullVisibilityParameters,
): ObserveFullVisibilityReturnType {
  const { element, window, onChange } = parameters
  const Observer = (window as Window & { IntersectionObserver?: typeof IntersectionObserver })
    .IntersectionObserver
  if (!Observer) {
    // Nothing to measure with: never report visible, so guarded buttons stay safe.
    onChange(false)
    return () => {}
  }
  const options: VisibilityObserverInit = {
    // 0.99, not 1: sub-pixel positions make a fully visible card report 0.9999.
    threshold: [0, 0.5, 0.99, 1],
    trackVisibility: true,
    // The smallest delay v2 accepts; visibility is computed at most this often.
    delay: 100,
  }
  const observer = new Observer((entries) => {
    const entry = entries.at(-1) as
      | (IntersectionObserverEntry & { isVisible?: boolean })
      | undefined
    if (!entry) return
    const inViewport = entry.isIntersecting && entry.intersectionRatio >= 0.99
    const unobstructed = typeof entry.isVisible === 'boolean' ? entry.isVisible : true
    onChange(inViewport && unobstructed)
  }, options)
  observer.observe(element)
  return () => observer.disconnect()
}
