import type { Foyer } from '../createFoyer.ts'

/**
 * With `siwx` on: a wallet the visitor connects is asked to sign in at once; a wallet reconnected
 * on page load keeps the session its cookie holds (or is signed out); a disconnect ends the
 * session. The sign-in code loads only then (`import()`): pages without `siwx`, and the first
 * load of pages with it, carry none of it. Returns the unsubscribe function.
 */
export function watchSiwx(foyer: Foyer): () => void {
  if (!foyer.config.siwx) return () => {}
  return foyer.subscribeEvents((event) => {
    if (
      event.type === 'CONNECT_SUCCESS' ||
      (event.type === 'DISCONNECT_SUCCESS' && foyer.getState().siwx.status !== 'signed-out')
    )
      import('./answerSiwxEvent.ts')
        .then(({ answerSiwxEvent }) => answerSiwxEvent(foyer, event))
        // Failures are in `state.siwx` (and a refused signature disconnected already).
        .catch(() => undefined)
  })
}
