import type { NameProfile } from '@foyer/protocol'
import type { Kysely } from 'kysely'
import { type Address, getAddress } from 'viem'
import { normalize } from 'viem/ens'
import type { ChainRuntime } from '../chains/types.ts'
import type { Database } from '../db/schema.ts'
import { ethereumCoinType, findName, namesOfAddress, toNameProfile } from '../names/nameStore.ts'

export type NameLookupParameters = {
  db: Kysely<Database>
  /** The network whose ENS is consulted (the first configured chain with ENS); none → stored names only. */
  ensChain?: ChainRuntime | undefined
  /**
   * The zone this server registers names in (`foyer.eth`): the server is its authority, so a
   * name of it that is not stored is unknown without asking ENS (whose answer would come from
   * this server's own gateway).
   */
  zone?: string | undefined
}

export type Identity = { name: string | null; avatar: string | null }

/**
 * Name and avatar of an address: the ENS primary name where the network has ENS, else the
 * address's primary stored name (names are public: whichever project registered it).
 */
export async function resolveIdentity(
  parameters: NameLookupParameters & { address: Address },
): Promise<Identity> {
  const { ensChain, address } = parameters
  if (ensChain) {
    const name = await ensChain.client.getEnsName({ address })
    if (name) {
      const avatar = await ensChain.client.getEnsAvatar({ name: normalize(name) }).catch(() => null)
      return { name, avatar }
    }
  }
  const [own] = await namesOfAddress(parameters.db, address)
  return own
    ? { name: own.name, avatar: own.attributes.avatar ?? null }
    : { name: null, avatar: null }
}

/** Every name pointing at an address: the ENS primary name, then stored ones (primary first). */
export async function reverseLookup(
  parameters: NameLookupParameters & { address: Address },
): Promise<NameProfile[]> {
  const { ensChain, address } = parameters
  const profiles: NameProfile[] = []
  if (ensChain) {
    const name = await ensChain.client.getEnsName({ address })
    if (name) {
      const profile = await ensProfile(ensChain, name)
      if (profile) profiles.push(profile)
    }
  }
  profiles.push(...(await namesOfAddress(parameters.db, address)).map(toNameProfile))
  return profiles
}

/** The profile of a name: a stored name first, then ENS (except in the server's own zone). */
export async function lookupName(
  parameters: NameLookupParameters & { name: string },
): Promise<NameProfile | undefined> {
  const name = parameters.name.toLowerCase()
  const row = await findName(parameters.db, name)
  if (row) return toNameProfile(row)
  if (parameters.zone && name.endsWith(`.${parameters.zone}`)) return undefined
  if (parameters.ensChain && name.includes('.')) return ensProfile(parameters.ensChain, name)
  return undefined
}

async function ensProfile(chain: ChainRuntime, name: string): Promise<NameProfile | undefined> {
  let normalized: string
  try {
    normalized = normalize(name)
  } catch {
    return undefined
  }
  const address = await chain.client.getEnsAddress({ name: normalized })
  if (!address) return undefined
  const avatar = await chain.client.getEnsAvatar({ name: normalized }).catch(() => null)
  return {
    name: normalized,
    // ENS keeps no registration time in the resolver; 0 marks "unknown".
    registered: 0,
    updated: 0,
    addresses: { [ethereumCoinType]: { address: getAddress(address), created: 0 } },
    attributes: avatar ? { avatar } : {},
    source: 'ens',
  }
}
