/**
 * Makes every sibling of `host` in `document.body` inert and hidden from assistive tech while the
 * dialog is open, so screen readers and keyboard users only reach the dialog.
 *
 * Returns a function that restores each sibling to exactly what it was before (elements the page
 * had already made inert or aria-hidden stay that way).
 */
export function hidePageFromAssistiveTech(host: HTMLElement): () => void {
  const parent = host.parentElement
  if (!parent) return () => {}
  const restorers: Array<() => void> = []
  for (const sibling of Array.from(parent.children)) {
    if (sibling === host || !(sibling instanceof host.ownerDocument.defaultView!.HTMLElement))
      continue
    if (sibling.tagName === 'SCRIPT' || sibling.tagName === 'STYLE' || sibling.tagName === 'LINK')
      continue
    const wasInert = sibling.inert
    const ariaHidden = sibling.getAttribute('aria-hidden')
    sibling.inert = true
    sibling.setAttribute('aria-hidden', 'true')
    restorers.push(() => {
      sibling.inert = wasInert
      if (ariaHidden === null) sibling.removeAttribute('aria-hidden')
      else sibling.setAttribute('aria-hidden', ariaHidden)
    })
  }
  return () => {
    for (const restore of restorers) restore()
  }
}
