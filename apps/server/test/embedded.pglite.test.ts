import { createDatabase } from '../src/db/createDatabase.ts'
import { describeEmbeddedSuite } from './support/embeddedSuite.ts'

describeEmbeddedSuite('embedded wallet on embedded PGlite', async () => {
  const database = await createDatabase({ dataDir: 'memory://' })
  return { database, stop: () => database.destroy() }
})
