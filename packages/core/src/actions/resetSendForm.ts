import type { Foyer } from '../createFoyer.ts'
import { initialSendState } from '../send/initialSendState.ts'

/**
 * Empties the send form (token, amount, receiver and its profile, picker balances). Also runs when
 * the active network moves to another namespace (SPEC §4), where none of it applies any more.
 */
export function resetSendForm(foyer: Foyer): void {
  foyer.store.setState({ send: initialSendState })
}
