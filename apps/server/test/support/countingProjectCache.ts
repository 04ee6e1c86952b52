import type { FoyerDatabase } from '../../src/db/createDatabase.ts'
import { createProjectCache } from '../../src/projects/createProjectCache.ts'
import { countQueries } from './countQueries.ts'

/** A project cache over `database` counting the queries it runs, on a clock the test moves. */
export function countingProjectCache(database: FoyerDatabase, ttlMs: number) {
  const clock = { now: 0 }
  const { db, queries } = countQueries(database.db)
  return { clock, queries, projects: createProjectCache({ db, ttlMs, now: () => clock.now }) }
}
