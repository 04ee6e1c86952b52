import { PGlite } from '@electric-sql/pglite'
import { Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../src/db/migrations.ts'
import { createPgliteDialect } from '../src/db/pgliteDialect.ts'
import type { Database } from '../src/db/schema.ts'
import { migrateBefore } from './support/migrateBefore.ts'

describe('migration 0010_public_names', () => {
  let db: Kysely<Database> | undefined
  afterEach(async () => {
    await db?.destroy()
  })

  it('keeps the oldest holder of a name two projects had, and one primary name per address', async () => {
    db = new Kysely<Database>({ dialect: createPgliteDialect(await PGlite.create('memory://')) })
    await migrateBefore({ db, firstMissing: '0010' })
    const insert = (name: string, project: string, address: string, registeredAt: string) =>
      sql`insert into names (name, project_id, addresses, attributes, registered_at)
        values (${name}, ${project}, ${JSON.stringify({ '60': { address, created: 0 } })}, '{}', ${registeredAt})`.execute(
        db!,
      )
    const erin = '0x00000000000000000000000000000000000000E1'
    const frank = '0x00000000000000000000000000000000000000F1'
    await insert('erin.foyer', 'project-b', frank, '2024-02-01T00:00:00Z')
    await insert('erin.foyer', 'project-a', erin, '2024-01-01T00:00:00Z')
    await insert('erin-two.foyer', 'project-a', erin, '2024-03-01T00:00:00Z')
    await insert('legacy', 'project-a', frank, '2024-01-01T00:00:00Z')

    // Later migrations run too; this one must be among them.
    expect(await migrateToLatest({ db })).toContain('0010_public_names')
    const rows = await db
      .selectFrom('names')
      .select(['name', 'project_id', 'zone', 'address', 'is_primary'])
      .orderBy('name')
      .execute()
    expect(rows).toEqual([
      {
        name: 'erin-two.foyer',
        project_id: 'project-a',
        zone: 'foyer',
        address: erin.toLowerCase(),
        is_primary: false,
      },
      {
        name: 'erin.foyer',
        project_id: 'project-a',
        zone: 'foyer',
        address: erin.toLowerCase(),
        is_primary: true,
      },
      {
        name: 'legacy',
        project_id: 'project-a',
        zone: '',
        address: frank.toLowerCase(),
        is_primary: true,
      },
    ])
    // One namespace now.
    await expect(insert('erin.foyer', 'project-c', frank, '2024-04-01T00:00:00Z')).rejects.toThrow()
  }, 120_000)
})
