import { createDatabase } from '../src/db/createDatabase.ts'
import { describeNamesSuite } from './support/namesSuite.ts'

describeNamesSuite('names on embedded PGlite', async () => {
  const database = await createDatabase({ dataDir: 'memory://' })
  return { database, stop: () => database.destroy() }
})
