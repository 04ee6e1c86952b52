import { type Kysely, Migrator } from 'kysely'
import { migrations } from '../../src/db/migrations.ts'

export type MigrateBeforeParameters = {
  // biome-ignore lint/suspicious/noExplicitAny: any schema: the database is older than `Database`.
  db: Kysely<any>
  /** The first migration left out (a name prefix such as `0006`): every earlier one is applied. */
  firstMissing: string
}

/**
 * Brings an empty database to the schema of an older release: the migrations named before
 * `firstMissing`, in the server's own migration tables, so that `migrateToLatest` (the server's
 * start) later applies the rest as it would on an operator's upgraded database.
 */
export async function migrateBefore({
  db,
  firstMissing,
}: MigrateBeforeParameters): Promise<string[]> {
  const before = Object.fromEntries(
    Object.entries(migrations).filter(([name]) => name < firstMissing),
  )
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableName: 'foyer_migrations',
    migrationLockTableName: 'foyer_migrations_lock',
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error
  return (results ?? []).map((result) => result.migrationName)
}
