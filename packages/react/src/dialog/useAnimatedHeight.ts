import { type RefObject, useLayoutEffect, useState } from 'react'

/**
 * Follows the height of `contentRef` so the wrapper can transition between views (150 ms in the
 * stylesheet; off under prefers-reduced-motion). Undefined until measured or without
 * ResizeObserver, which leaves the wrapper at its natural height.
 */
export function useAnimatedHeight(contentRef: RefObject<HTMLElement | null>): number | undefined {
  const [height, setHeight] = useState<number | undefined>(undefined)
  useLayoutEffect(() => {
    const element = contentRef.current
    const view = element?.ownerDocument.defaultView
    if (!element || !view || typeof view.ResizeObserver !== 'function') return
    const observer = new view.ResizeObserver((entries) => {
      const entry = entries[entries.length - 1]
      if (!entry) return
      const next = entry.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight
      // Zero means not laid out (e.g. no layout engine); keep the natural height then.
      setHeight(next > 0 ? next : undefined)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [contentRef])
  return height
}
