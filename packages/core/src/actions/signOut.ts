import type { Foyer } from '../createFoyer.ts'
import { siwxVerifier } from './signIn.ts'

/** Ends the sign-in session (the verifier revokes it); disconnecting does this too. */
export async function signOut(foyer: Foyer): Promise<void> {
  foyer.store.setState({ siwx: { status: 'signed-out', session: undefined } })
  await siwxVerifier(foyer).revoke()
}
