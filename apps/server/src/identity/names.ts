import type { NameProfile } from '@foyer/protocol'
import { type Kysely, sql } from 'kysely'
import { type Address, getAddress } from 'viem'
import { normalize } from 'viem/ens'
import type { ChainRuntime } from '../chains/types.ts'
import type { Database } from '../db/schema.ts'

/** SLIP-44 coin type of Ethereum, the key of EVM addresses in a name's records. */
const ethereumCoinType = '60'

export type NameLookupParameters = {
  db: Kysely<Database>
  /** The asking project: only its own names are answered. */
  projectId: string
  /** The network whose ENS is consulted (the first configured chain with ENS); none → project names only. */
  ensChain?: ChainRuntime | undefined
}

export type Identity = { name: string | null; avatar: string | null }

/** Name and avatar of an address: ENS reverse record where the network has ENS, else the project's names. */
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
  const [own] = await reverseProjectNames(parameters, address)
  return own
    ? { name: own.name, avatar: own.attributes.avatar ?? null }
    : { name: null, avatar: null }
}

/** Every name pointing at an address (ENS primary name first). */
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
  profiles.push(...(await reverseProjectNames(parameters, address)))
  return profiles
}

/** The profile of a name: the asking project's own names first, then ENS. */
export async function lookupName(
  parameters: NameLookupParameters & { name: string },
): Promise<NameProfile | undefined> {
  const name = parameters.name.toLowerCase()
  const row = await parameters.db
    .selectFrom('names')
    .selectAll()
    .where('project_id', '=', parameters.projectId)
    .where('name', '=', name)
    .executeTakeFirst()
  if (row) return toProfile(row)
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

async function reverseProjectNames(
  { db, projectId }: NameLookupParameters,
  address: string,
): Promise<NameProfile[]> {
  const rows = await db
    .selectFrom('names')
    .selectAll()
    .where('project_id', '=', projectId)
    .where(
      sql<boolean>`lower(addresses -> ${ethereumCoinType} ->> 'address') = ${address.toLowerCase()}`,
    )
    .orderBy('registered_at')
    .execute()
  return rows.map(toProfile)
}

function toProfile(row: {
  name: string
  addresses: Record<string, { address: string; created: number }>
  attributes: Record<string, string>
  registered_at: Date
  updated_at: Date
}): NameProfile {
  return {
    name: row.name,
    registered: new Date(row.registered_at).getTime(),
    updated: new Date(row.updated_at).getTime(),
    addresses: row.addresses,
    attributes: row.attributes,
    source: 'project',
  }
}
