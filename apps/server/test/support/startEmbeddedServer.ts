import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createDatabase, type FoyerDatabase } from '../../src/db/createDatabase.ts'
import {
  createEmbeddedWallet,
  type EmbeddedWalletOptions,
} from '../../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../../src/http/createServer.ts'

export type EmbeddedServer = {
  server: FastifyInstance
  frame: FastifyInstance
  frameUrl: string
  database: FoyerDatabase
  stop: () => Promise<void>
}

/**
 * A development server on an in-memory database with its embedded wallet's frame listening on a
 * free port: no chains, no indexer, no API rate limits (tests set the embedded wallet's own).
 */
export async function startEmbeddedServer(
  options: Partial<EmbeddedWalletOptions> = {},
): Promise<EmbeddedServer> {
  const database = await createDatabase({ dataDir: 'memory://' })
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-embedded-test-'))
  const server = await createServer({
    database,
    dev: true,
    logger: false,
    indexer: { enabled: false },
    rateLimit: false,
    chains: [],
  })
  const embedded = await createEmbeddedWallet({
    server,
    dev: true,
    dataDir,
    host: '127.0.0.1',
    framePort: 0,
    rateLimit: false,
    logger: false,
    ...options,
  })
  if (!embedded) throw new Error('embedded wallet did not start')
  const frameUrl = await embedded.listen()
  await server.ready()
  return {
    server,
    frame: embedded.frame,
    frameUrl,
    database,
    async stop() {
      await server.close()
      await database.destroy()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
