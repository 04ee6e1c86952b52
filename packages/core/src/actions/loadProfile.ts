import type { Foyer } from '../createFoyer.ts'
import { getIdentity } from './getIdentity.ts'

export type LoadProfileParameters = {
  /** Ask the server even when the cached name is fresh (after registering one). */
  force?: boolean | undefined
  signal?: AbortSignal | undefined
}
export type LoadProfileReturnType = { name: string | null; avatar: string | null }

/**
 * Fills the account's `profileName` and `profileImage` (SPEC §3) from the connected address's
 * identity. EVM only (SPEC §6: names only on EVM); a failure leaves them as they were.
 */
export async function loadProfile(
  foyer: Foyer,
  parameters: LoadProfileParameters = {},
): Promise<LoadProfileReturnType> {
  const state = foyer.getState()
  const address = state.account.address
  if (!address || state.activeNetwork.chainNamespace !== 'eip155')
    return { name: null, avatar: null }
  const identity = await getIdentity(foyer, { address, ...parameters })
  // Only if the account is still the one asked about.
  if (foyer.getState().account.address === address)
    foyer.store.setState((current) => ({
      account: {
        ...current.account,
        profileName: identity.name ?? undefined,
        profileImage: identity.avatar ?? undefined,
      },
    }))
  return identity
}
