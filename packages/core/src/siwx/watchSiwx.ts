import type { Foyer } from '../createFoyer.ts'

/** The instances whose connection events are answered already (installed once each). */
const watched = new WeakSet<Foyer>()

/**
 * With `siwx` on: a wallet the visitor connects is asked to sign in at once; a wallet reconnected
 * on page load keeps the session its cookie holds (or is signed out); a disconnect ends the
 * session. The connection code installs it when it records a wallet, before that wallet's
 * CONNECT_SUCCESS, so neither this watcher nor the sign-in code (`import()`, only then) is part
 * of a page's first load. Once per instance; `destroy` ends it with the other event listeners.
 */
export function watchSiwx(foyer: Foyer): void {
  if (!foyer.config.siwx || watched.has(foyer)) return
  watched.add(foyer)
  foyer.subscribeEvents((event) => {
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
