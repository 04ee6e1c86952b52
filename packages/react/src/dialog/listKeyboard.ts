import type { KeyboardEvent } from 'react'

/** Whether `element` sits in right-to-left text, where Left and Right arrows swap meanings. */
export function isRightToLeft(element: Element): boolean {
  return element.closest('[dir]')?.getAttribute('dir') === 'rtl'
}

/**
 * Arrow-key movement between the buttons of a list (they stay in the Tab order too):
 * Up/Down (and Left/Right in grids, mirrored in right-to-left) move to the previous/next item,
 * Home/End to the ends.
 */
export function onListKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End']
  if (!keys.includes(event.key)) return
  const items = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('[data-foyer-item]:not(:disabled)'),
  )
  if (items.length === 0) return
  const root = event.currentTarget.getRootNode() as Document | ShadowRoot
  const index = items.indexOf(root.activeElement as HTMLElement)
  let next: number
  if (event.key === 'Home') next = 0
  else if (event.key === 'End') next = items.length - 1
  else if (
    event.key === 'ArrowDown' ||
    event.key === (isRightToLeft(event.currentTarget) ? 'ArrowLeft' : 'ArrowRight')
  )
    next = index === -1 ? 0 : Math.min(index + 1, items.length - 1)
  else next = index === -1 ? items.length - 1 : Math.max(index - 1, 0)
  event.preventDefault()
  items[next]!.focus()
}
