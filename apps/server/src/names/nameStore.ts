import { createHash } from 'node:crypto'
import type { NameProfile, RegisterNameAttributes } from '@foyer/protocol'
import { type Kysely, type Selectable, sql } from 'kysely'
import type { Address } from 'viem'
import type { Database, NamesTable } from '../db/schema.ts'
import { NameTakenError, RegistrationMessageReusedError } from './errors.ts'

/** SLIP-44 coin type of Ethereum, the key of EVM addresses in a name's records. */
export const ethereumCoinType = '60'

/** A stored name as the profile routes answer it. */
export function toNameProfile(row: Selectable<NamesTable>): NameProfile {
  return {
    name: row.name,
    registered: new Date(row.registered_at).getTime(),
    updated: new Date(row.updated_at).getTime(),
    addresses: row.addresses,
    attributes: row.attributes,
    source: 'project',
  }
}

/** One stored name; names are public, whichever project registered them. */
export async function findName(
  db: Kysely<Database>,
  name: string,
): Promise<Selectable<NamesTable> | undefined> {
  return db.selectFrom('names').selectAll().where('name', '=', name).executeTakeFirst()
}

/** Which of `names` are registered. */
export async function findRegisteredNames(
  db: Kysely<Database>,
  names: readonly string[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set()
  const rows = await db.selectFrom('names').select('name').where('name', 'in', names).execute()
  return new Set(rows.map((row) => row.name))
}

/** Every name pointing at `address`: primary names first, then the oldest first. */
export async function namesOfAddress(
  db: Kysely<Database>,
  address: string,
): Promise<Selectable<NamesTable>[]> {
  return db
    .selectFrom('names')
    .selectAll()
    .where('address', '=', address.toLowerCase())
    .orderBy('is_primary', 'desc')
    .orderBy('registered_at')
    .orderBy('name')
    .execute()
}

/** The digest a used registration message is remembered by: who signed what. */
export function registrationMessageHash(address: string, message: string): string {
  return createHash('sha256').update(`${address.toLowerCase()}\n${message}`).digest('hex')
}

export type StoreRegistrationParameters = {
  db: Kysely<Database>
  name: string
  zone: string
  /** The registering project (kept with a new name). */
  projectId: string
  address: Address
  attributes: RegisterNameAttributes
  /** The signed message and the moment it stops passing the timestamp check. */
  message: string
  messageExpiresAt: Date
  now?: Date | undefined
}

/**
 * Stores a verified registration in one transaction: the message is spent (refused if it was
 * already), the name is created for the address or, when the address holds it already, its
 * attributes are updated; either way it becomes the address's primary name in the zone. The
 * address's earlier names stay registered and keep resolving: a sender who learnt one still
 * reaches the same account. Any refusal rolls everything back, so a refused registration stores
 * nothing.
 */
export async function storeRegistration(
  parameters: StoreRegistrationParameters,
): Promise<NameProfile> {
  const { db, name, zone, projectId, address, attributes, message, messageExpiresAt } = parameters
  const now = parameters.now ?? new Date()
  const owner = address.toLowerCase()
  return db.transaction().execute(async (trx) => {
    // Registrations of one address take turns, so its single primary name is never contested.
    await sql`select pg_advisory_xact_lock(hashtext(${`names:${zone}:${owner}`}))`.execute(trx)
    // A message whose timestamp no longer passes the check cannot be replayed anyway.
    await trx.deleteFrom('name_registration_messages').where('expires_at', '<', now).execute()
    const spent = await trx
      .insertInto('name_registration_messages')
      .values({
        message_hash: registrationMessageHash(owner, message),
        expires_at: messageExpiresAt,
      })
      .onConflict((conflict) => conflict.column('message_hash').doNothing())
      .returning('message_hash')
      .executeTakeFirst()
    if (!spent) throw new RegistrationMessageReusedError()

    const existing = await trx
      .selectFrom('names')
      .selectAll()
      .where('name', '=', name)
      .forUpdate()
      .executeTakeFirst()
    if (existing && existing.address !== owner) throw new NameTakenError(name)

    await trx
      .updateTable('names')
      .set({ is_primary: false })
      .where('zone', '=', zone)
      .where('address', '=', owner)
      .where('is_primary', '=', true)
      .where('name', '!=', name)
      .execute()

    if (existing) {
      const updated = await trx
        .updateTable('names')
        .set({
          attributes: JSON.stringify(mergeAttributes(existing.attributes, attributes)),
          is_primary: true,
          updated_at: now,
        })
        .where('name', '=', name)
        .returningAll()
        .executeTakeFirstOrThrow()
      return toNameProfile(updated)
    }
    const created = await trx
      .insertInto('names')
      .values({
        name,
        zone,
        project_id: projectId,
        address: owner,
        is_primary: true,
        addresses: JSON.stringify({
          [ethereumCoinType]: { address, created: now.getTime() },
        }),
        attributes: JSON.stringify(mergeAttributes({}, attributes)),
        registered_at: now,
        updated_at: now,
      })
      // Another address's registration of the same name may have committed meanwhile.
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!created) throw new NameTakenError(name)
    return toNameProfile(created)
  })
}

/** New values replace old ones; an empty value removes the record. */
function mergeAttributes(
  current: Record<string, string>,
  update: RegisterNameAttributes,
): Record<string, string> {
  const merged: Record<string, string> = { ...current }
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue
    if (value === '') delete merged[key]
    else merged[key] = value
  }
  return merged
}
