/**
 * `FOYER_DATA_DIR=… node --import tsx e2e/support/createE2eProjects.ts`: creates the end-to-end
 * run's projects (projects.ts) with the server's own command, as an operator would
 * (`project upsert`), once per project in one process that opens the database once: three runs of
 * `bin.ts` cost three Node starts, three loads of the whole server and three database opens.
 */
import { projectUpsert } from '../../apps/server/src/cli/projectUpsert.ts'
import { createDatabase } from '../../apps/server/src/db/createDatabase.ts'
import { e2eProjects } from './projects.ts'

const localOrigins = 'http://127.0.0.1:*,http://localhost:*'

/** The arguments of each `project upsert`. */
const upserts: string[][] = [
  [
    '--id',
    e2eProjects.operatorOff,
    '--name',
    'Operator switched features off',
    '--origins',
    localOrigins,
    '--features',
    JSON.stringify({ swaps: false, analytics: false }),
  ],
  [
    '--id',
    e2eProjects.multiWallet,
    '--name',
    'Several wallets per namespace',
    '--origins',
    localOrigins,
    '--features',
    JSON.stringify({ multiWallet: true }),
  ],
  [
    '--id',
    e2eProjects.foreignOrigin,
    '--name',
    'Another site',
    '--origins',
    'https://app.example.com',
  ],
]

async function main(): Promise<number> {
  const dataDir = process.env.FOYER_DATA_DIR
  if (!dataDir) {
    process.stderr.write('FOYER_DATA_DIR is not set\n')
    return 2
  }
  const database = await createDatabase({ dataDir })
  try {
    for (const args of upserts) {
      const code = await projectUpsert(args, {
        // Each command closes what it opened; this one is the run's, closed once below.
        openDatabase: async () => ({ ...database, destroy: async () => undefined }),
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
      })
      if (code !== 0) return code
    }
    return 0
  } finally {
    await database.destroy()
  }
}

process.exitCode = await main()
