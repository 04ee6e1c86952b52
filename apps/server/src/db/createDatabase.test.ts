import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from './createDatabase.ts'
import { migrations } from './migrations.ts'

describe('createDatabase with memory://', () => {
  const opened: FoyerDatabase[] = []
  const open = async () => {
    const database = await createDatabase({ dataDir: 'memory://' })
    opened.push(database)
    return database
  }
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.destroy()))
  })

  it('opens migrated databases of their own: rows written to one never show in another', async () => {
    // Opened together, as a test file's hooks may; then one more after the first were written to.
    const [first, second] = await Promise.all([open(), open()])
    const project = (id: string) => ({
      id,
      name: id,
      allowed_origins: JSON.stringify([]),
      features: JSON.stringify({}),
    })
    await first!.db.insertInto('projects').values(project('only-in-first')).execute()
    await second!.db.insertInto('projects').values(project('only-in-second')).execute()
    const third = await open()
    for (const [database, ids] of [
      [first!, ['only-in-first']],
      [second!, ['only-in-second']],
      [third, []],
    ] as const) {
      const rows = await database.db.selectFrom('projects').select('id').execute()
      expect(rows.map((row) => row.id)).toEqual(ids)
      const applied = await sql<{ name: string }>`select name from foyer_migrations`.execute(
        database.db,
      )
      expect(applied.rows.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort())
    }
  }, 180_000)
})
