import type { TestProject } from 'vitest/node'
import { createDatabase } from '../apps/server/src/db/createDatabase.ts'
import { startPostgres } from '../apps/server/test/support/startPostgres.ts'

/**
 * For modules with `"database": "postgres"` in modules.json: one PostgreSQL server for the whole
 * Stryker run (vitest's global setup runs once per Vitest instance, which Stryker keeps from one
 * mutant to the next), migrated once. Each mutant's run then connects in milliseconds instead of
 * making and migrating an in-memory PGlite database (seconds; a minute on a busy machine).
 */
export default async function setup(project: TestProject) {
  const postgres = await startPostgres({ port: 0 })
  const database = await createDatabase({ databaseUrl: postgres.url, poolSize: 1 })
  await database.destroy()
  project.provide('foyerTestDatabaseUrl', postgres.url)
  return () => postgres.stop()
}
