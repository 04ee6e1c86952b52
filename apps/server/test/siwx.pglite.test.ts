import { createDatabase } from '../src/db/createDatabase.ts'
import { describeSiwxSuite } from './support/siwxSuite.ts'

describeSiwxSuite('SIWX on embedded PGlite', async () => {
  const database = await createDatabase({ dataDir: 'memory://' })
  return { database, stop: () => database.destroy() }
})
