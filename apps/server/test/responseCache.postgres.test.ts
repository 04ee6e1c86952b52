import { createDatabase } from '../src/db/createDatabase.ts'
import { describeResponseCacheSuite } from './support/responseCacheSuite.ts'
import { startPostgres } from './support/startPostgres.ts'

describeResponseCacheSuite('response caching on PostgreSQL', async () => {
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
