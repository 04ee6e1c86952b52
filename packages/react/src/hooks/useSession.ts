import { getSession, type SiwxSession, type SiwxStatus, signIn, signOut } from '@foyer/core'
import { useFoyer } from './useFoyer.ts'
import { shallowEqual, useFoyerState } from './useFoyerState.ts'

export type UseSessionReturnType = {
  /** The sign-in session (SIWX) of the connected account, once signed in. */
  session: SiwxSession | undefined
  status: SiwxStatus
  /** Asks the wallet to sign in again (after a refusal, or another account). */
  signIn: () => Promise<SiwxSession>
  signOut: () => Promise<void>
  /** Reads the session from the verifier again. */
  refresh: () => Promise<SiwxSession | null>
}

/** The sign-in session when the app configured `siwx`: who the visitor is, proven by a signature. */
export function useSession(): UseSessionReturnType {
  const foyer = useFoyer()
  const { session, status } = useFoyerState(
    (state) => ({ session: state.siwx.session, status: state.siwx.status }),
    shallowEqual,
  )
  return {
    session,
    status,
    signIn: () => signIn(foyer),
    signOut: () => signOut(foyer),
    refresh: () => getSession(foyer),
  }
}
