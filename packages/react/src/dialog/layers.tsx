import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react'

type Layer = { dismiss: () => void }

export type LayerStack = {
  /** Adds a layer on top; returns its removal. */
  push(layer: Layer): () => void
  /** Dismisses the top layer. Returns false when there is none. */
  dismissTop(): boolean
}

export function createLayerStack(): LayerStack {
  const layers: Layer[] = []
  return {
    push(layer) {
      layers.push(layer)
      return () => {
        const index = layers.lastIndexOf(layer)
        if (index !== -1) layers.splice(index, 1)
      }
    },
    dismissTop() {
      const top = layers[layers.length - 1]
      if (!top) return false
      top.dismiss()
      return true
    },
  }
}

const LayerStackContext = createContext<LayerStack | null>(null)

export function LayerStackProvider({
  stack,
  children,
}: {
  stack: LayerStack
  children: ReactNode
}) {
  return <LayerStackContext value={stack}>{children}</LayerStackContext>
}

/**
 * Registers a dismissable layer (the dialog itself, or something opened inside it such as a
 * menu) while `active`. Escape dismisses the layer registered last, so a nested layer closes
 * before the dialog does.
 */
export function useDismissableLayer(dismiss: () => void, active = true): void {
  const stack = useContext(LayerStackContext)
  const dismissRef = useRef(dismiss)
  dismissRef.current = dismiss
  useEffect(() => {
    if (!stack || !active) return
    return stack.push({ dismiss: () => dismissRef.current() })
  }, [stack, active])
}
