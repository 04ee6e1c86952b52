import { createDatabase } from '../src/db/createDatabase.ts'
import { describeSessionsSuite } from './support/sessionsSuite.ts'

describeSessionsSuite('Smart sessions on embedded PGlite', async () => {
  const database = await createDatabase({ dataDir: 'memory://' })
  return { database, stop: () => database.destroy() }
})
