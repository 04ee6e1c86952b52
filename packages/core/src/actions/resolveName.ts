import { ApiRequestError } from '../api/errors.ts'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { ResolveNameError } from '../names/errors.ts'

export type ResolveNameParameters = {
  /** An ENS name (`alice.eth`) or a name of the server's zone (`alice.foyer.eth`). */
  name: string
  signal?: AbortSignal | undefined
}
/** The EVM address the name points at, and its avatar; null when no such name exists. */
export type ResolveNameReturnType = { name: string; address: string; avatar: string | null } | null
export type ResolveNameErrorType = ResolveNameError

/** SLIP-44 coin type of Ethereum: the key of EVM addresses in a profile. */
const ethereumCoinType = '60'

/** Whether `text` is shaped like a name rather than an address: labels joined by dots. */
export function looksLikeName(text: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(text.trim()) && !/^0x[0-9a-f]{40}$/i.test(text.trim())
}

/** Looks a name up on the Foyer server (its own names first, then the network's ENS). */
export async function resolveName(
  foyer: Foyer,
  parameters: ResolveNameParameters,
): Promise<ResolveNameReturnType> {
  const name = parameters.name.trim().toLowerCase()
  try {
    const profile = await getApiClient(foyer).request('getProfileAccount', {
      params: { name },
      query: { apiVersion: '2' },
      signal: parameters.signal,
    })
    const address = profile.addresses[ethereumCoinType]?.address
    if (!address) return null
    return { name: profile.name, address, avatar: profile.attributes.avatar ?? null }
  } catch (error) {
    if (parameters.signal?.aborted) throw error
    if (error instanceof ApiRequestError && error.status === 404) return null
    throw new ResolveNameError({ cause: error })
  }
}
