/**
 * Runs `callback` once the browser has painted the next frame (an animation frame, then a task),
 * so what a view starts when it mounts (requests, code loading) never delays the frame that shows
 * it: the dialog opens in the click's own render, whose effects run before that frame. Returns a
 * function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
