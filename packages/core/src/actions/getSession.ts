import type { Foyer } from '../createFoyer.ts'
import type { SiwxSession } from '../siwx/types.ts'
import { siwxVerifier } from './signIn.ts'

export type GetSessionReturnType = SiwxSession | null

/**
 * The sign-in session in force for the connected account (after a reload: the cookie's), kept in
 * `state.siwx`. A session of another account counts as none.
 */
export async function getSession(foyer: Foyer): Promise<GetSessionReturnType> {
  const session = await siwxVerifier(foyer).getSession()
  const address = foyer.getState().account.address
  const mine =
    session && address
      ? session.accounts.some((account) => account.address.toLowerCase() === address.toLowerCase())
      : false
  foyer.store.setState({
    siwx:
      mine && session
        ? { status: 'signed-in', session }
        : { status: 'signed-out', session: undefined },
  })
  return mine ? session : null
}
