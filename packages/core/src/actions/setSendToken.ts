import type { Foyer } from '../createFoyer.ts'
import type { TokenBalance } from '../types/state.ts'

export type SetSendTokenParameters = { token: TokenBalance | undefined }

/** Picks the token to send (a `TokenBalance` without `address` is the native currency). */
export function setSendToken(foyer: Foyer, parameters: SetSendTokenParameters): void {
  foyer.store.setState((state) => ({ send: { ...state.send, token: parameters.token } }))
}
