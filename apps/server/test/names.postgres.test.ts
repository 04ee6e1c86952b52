import { createDatabase } from '../src/db/createDatabase.ts'
import { describeNamesSuite } from './support/namesSuite.ts'
import { startPostgres } from './support/startPostgres.ts'

describeNamesSuite('names on PostgreSQL', async () => {
  const postgres = await startPostgres({ port: 0 })
  const database = await createDatabase({ databaseUrl: postgres.url })
  return {
    database,
    stop: async () => {
      await database.destroy()
      await postgres.stop()
    },
  }
})
