import { getAddress } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { NameTakenError, RegistrationMessageReusedError } from './errors.ts'
import {
  findRegisteredNames,
  namesOfAddress,
  registrationMessageHash,
  type StoreRegistrationParameters,
  storeRegistration,
} from './nameStore.ts'

const zone = 'foyer.eth'
const alice = getAddress('0x00000000000000000000000000000000000a11ce')
const bob = getAddress('0x0000000000000000000000000000000000000b0b')

describe('nameStore on PGlite', () => {
  let database: FoyerDatabase
  const now = new Date('2025-06-01T12:00:00Z')
  let messages = 0
  const register = (
    name: string,
    address = alice,
    overrides: Partial<StoreRegistrationParameters> = {},
  ) =>
    storeRegistration({
      db: database.db,
      name,
      zone,
      projectId: 'project-a',
      address,
      attributes: {},
      message: `message ${messages++}`,
      messageExpiresAt: new Date(now.getTime() + 600_000),
      now,
      ...overrides,
    })
  const count = async (table: 'names' | 'name_registration_messages') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    )

  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory://' })
  })
  afterAll(async () => {
    await database?.destroy()
  })
  beforeEach(async () => {
    await database.db.deleteFrom('names').execute()
    await database.db.deleteFrom('name_registration_messages').execute()
  })

  it('stores a new name as the primary name of its address, with the registering project', async () => {
    const profile = await register('alice.foyer.eth', alice, {
      attributes: { avatar: 'https://example.com/a.png' },
    })
    expect(profile).toEqual({
      name: 'alice.foyer.eth',
      registered: now.getTime(),
      updated: now.getTime(),
      addresses: { '60': { address: alice, created: now.getTime() } },
      attributes: { avatar: 'https://example.com/a.png' },
      source: 'project',
    })
    const [row] = await namesOfAddress(database.db, alice.toLowerCase())
    expect(row).toMatchObject({
      project_id: 'project-a',
      zone,
      address: alice.toLowerCase(),
      is_primary: true,
    })
  })

  it("refuses another address's name and stores nothing, not even the message", async () => {
    await register('alice.foyer.eth', alice)
    const before = await count('name_registration_messages')
    await expect(register('alice.foyer.eth', bob)).rejects.toThrow(
      new NameTakenError('alice.foyer.eth'),
    )
    expect(await count('names')).toBe(1)
    expect(await count('name_registration_messages')).toBe(before)
    expect(await namesOfAddress(database.db, bob)).toEqual([])
  })

  it('refuses a message the same address already used', async () => {
    await register('alice.foyer.eth', alice, { message: 'signed once' })
    await expect(register('alice-2.foyer.eth', alice, { message: 'signed once' })).rejects.toThrow(
      RegistrationMessageReusedError,
    )
    expect((await findRegisteredNames(database.db, ['alice-2.foyer.eth'])).size).toBe(0)
    // The same text from another address is another message.
    await register('bob1.foyer.eth', bob, { message: 'signed once' })
  })

  it("makes a second name the address's primary and keeps the first one resolvable", async () => {
    await register('alice.foyer.eth', alice)
    await register('alice-work.foyer.eth', alice, { now: new Date(now.getTime() + 1000) })
    const names = await namesOfAddress(database.db, alice)
    expect(names.map((row) => [row.name, row.is_primary])).toEqual([
      ['alice-work.foyer.eth', true],
      ['alice.foyer.eth', false],
    ])
    // Registering a held name again makes it primary again and updates its attributes.
    const again = await register('alice.foyer.eth', alice, {
      attributes: { description: 'back' },
      now: new Date(now.getTime() + 2000),
    })
    expect(again).toMatchObject({
      attributes: { description: 'back' },
      registered: now.getTime(),
      updated: now.getTime() + 2000,
    })
    expect((await namesOfAddress(database.db, alice)).map((row) => row.name)).toEqual([
      'alice.foyer.eth',
      'alice-work.foyer.eth',
    ])
  })

  it('lets one of two simultaneous registrations of a name win', async () => {
    const results = await Promise.allSettled([
      register('race.foyer.eth', alice),
      register('race.foyer.eth', bob),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(
      results.find((result) => result.status === 'rejected')?.reason as NameTakenError,
    ).toBeInstanceOf(NameTakenError)
    // Many names for one address at once: exactly one ends up primary.
    await Promise.all(
      ['many-1', 'many-2', 'many-3'].map((label) => register(`${label}.foyer.eth`, bob)),
    )
    const primaries = (await namesOfAddress(database.db, bob)).filter((row) => row.is_primary)
    expect(primaries).toHaveLength(1)
  })

  it('forgets used messages once their timestamp can no longer pass', async () => {
    await register('old1.foyer.eth', alice, {
      message: 'old',
      messageExpiresAt: new Date(now.getTime() - 1),
    })
    await register('new1.foyer.eth', bob, { message: 'new' })
    const hashes = await database.db
      .selectFrom('name_registration_messages')
      .select('message_hash')
      .execute()
    expect(hashes.map((row) => row.message_hash)).toEqual([registrationMessageHash(bob, 'new')])
  })
})
