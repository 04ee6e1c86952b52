import { createDatabase } from '../src/db/createDatabase.ts'
import { describeServerSuite } from './support/serverSuite.ts'

describeServerSuite('server on embedded PGlite', async () => {
  const database = await createDatabase({ dataDir: 'memory://' })
  return { database, stop: () => database.destroy() }
})
