import { getApiClient, hasServer } from '../api/getApiClient.ts'
import { IDENTITY_CACHE_MS } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'
import { NamesForAddressError } from '../names/errors.ts'

export type GetIdentityParameters = {
  address: string
  /** Ask the server even when a cached answer is fresh (after registering a name). */
  force?: boolean | undefined
  signal?: AbortSignal | undefined
}
export type GetIdentityReturnType = { name: string | null; avatar: string | null }
export type GetIdentityErrorType = NamesForAddressError

/** Browser storage key of the identity cache (SPEC §3: ENS and identity caches). */
const IDENTITY_CACHE_KEY = 'identityCache'
/** Addresses kept in the cache; the oldest answers drop out. */
const IDENTITY_CACHE_ENTRIES = 64

type CachedIdentity = GetIdentityReturnType & { at: number }

/**
 * The name and avatar of an EVM address (its ENS primary name, else a name registered on the
 * Foyer server), cached in the browser for 5 minutes (SPEC §9). No server or a non-EVM address:
 * no name, and no request.
 */
export async function getIdentity(
  foyer: Foyer,
  parameters: GetIdentityParameters,
): Promise<GetIdentityReturnType> {
  const { address, force, signal } = parameters
  if (!/^0x[0-9a-fA-F]{40}$/.test(address) || !hasServer(foyer)) return { name: null, avatar: null }
  const key = address.toLowerCase()
  const cache = foyer.storage.getItem<Record<string, CachedIdentity>>(IDENTITY_CACHE_KEY, {}) ?? {}
  const cached = cache[key]
  if (!force && cached && Date.now() - cached.at < IDENTITY_CACHE_MS)
    return { name: cached.name, avatar: cached.avatar }
  let identity: GetIdentityReturnType
  try {
    identity = await getApiClient(foyer).request('getIdentity', {
      params: { address },
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new NamesForAddressError({ cause: error })
  }
  const entries = Object.entries({
    ...foyer.storage.getItem<Record<string, CachedIdentity>>(IDENTITY_CACHE_KEY, {}),
    [key]: { ...identity, at: Date.now() },
  })
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, IDENTITY_CACHE_ENTRIES)
  foyer.storage.setItem(IDENTITY_CACHE_KEY, Object.fromEntries(entries))
  return identity
}
