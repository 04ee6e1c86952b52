import { getSession } from '../actions/getSession.ts'
import { signIn } from '../actions/signIn.ts'
import { signOut } from '../actions/signOut.ts'
import type { Foyer } from '../createFoyer.ts'
import type { FoyerEventWithTimestamp } from '../types/events.ts'

/**
 * What `watchSiwx` does on a connection event, in a module of its own so a page loads the sign-in
 * code with one request, and only once a wallet connects or disconnects.
 */
export function answerSiwxEvent(foyer: Foyer, event: FoyerEventWithTimestamp): Promise<unknown> {
  if (event.type === 'CONNECT_SUCCESS')
    return event.data.reconnected ? getSession(foyer) : signIn(foyer)
  return signOut(foyer)
}
