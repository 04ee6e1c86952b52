// Test helper process (see spawnTestServer.ts): `startTestServer` in plain Node, for test environments (happy-dom) whose
// module transform cannot load the devnet's artifacts. Prints one JSON line when ready:
// `{ serverUrl, projectId, devnet }`; answers the stdin line `sync` with `synced` once the
// indexer caught up; stops on stdin end, SIGTERM or SIGINT.
import { createInterface } from 'node:readline'
import { startTestServer } from './testServer.ts'

const server = await startTestServer()
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await server.stop()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  if (line.trim() === 'sync')
    server.sync().then(
      () => process.stdout.write('synced\n'),
      (error: unknown) => process.stdout.write(`sync failed: ${String(error)}\n`),
    )
})
lines.on('close', stop)
process.stdout.write(
  `${JSON.stringify({ serverUrl: server.serverUrl, projectId: server.projectId, devnet: server.devnet })}\n`,
)
