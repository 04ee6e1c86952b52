import { createDatabase } from '../src/db/createDatabase.ts'
import { describeResponseCacheSuite } from './support/responseCacheSuite.ts'

describeResponseCacheSuite('response caching on embedded PGlite', async () => {
  const database = await createDatabase({ dataDir: 'memory://' })
  return { database, stop: () => database.destroy() }
})
