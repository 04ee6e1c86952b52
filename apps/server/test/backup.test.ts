// Backup and restore, as docs/server/operations.md tells an operator to do them: the embedded
// database (PGlite) by copying the stopped server's data directory, PostgreSQL with pg_dump and
// pg_restore (plus the secrets, which live outside the database). A server on the restored data
// serves the same wallet to the same login.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createEmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../src/http/createServer.ts'
import { createVisitor } from './support/emailLogin.ts'
import { codeOf, latestMail } from './support/embeddedClient.ts'
import { createRecoveryKey, createShareSet } from './support/embeddedCustody.ts'
import { findPostgresBinaries, startPostgres } from './support/startPostgres.ts'

const email = 'backup@example.com'
const deviceId = 'device-backup-0001'
const cleanups: Array<() => Promise<unknown> | unknown> = []
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `foyer-backup-${name}-`))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A server (main + frame listener) over `database`, its secrets in `dataDir`. */
async function startWorld(database: FoyerDatabase, dataDir: string) {
  const server = await createServer({
    database,
    dev: true,
    logger: false,
    rateLimit: false,
    indexer: { enabled: false },
  })
  const embedded = await createEmbeddedWallet({
    server,
    dev: true,
    dataDir,
    host: '127.0.0.1',
    framePort: 0,
    rateLimit: false,
    logger: false,
  })
  const frameUrl = await embedded!.listen()
  await server.ready()
  return {
    server,
    frameUrl,
    close: async () => {
      await server.close()
      await database.destroy()
    },
  }
}

/** Logs `email` in on `deviceId` with the mailed code; resolves the visitor's frame client. */
async function logIn(world: Awaited<ReturnType<typeof startWorld>>) {
  const { api } = createVisitor(world.frameUrl)
  await api.startEmailLogin({ email, deviceId, projectId: 'foyer-dev' })
  const code = codeOf(await latestMail(world.server, email))
  expect(await api.verifyEmailOtp({ email, otp: code, deviceId })).toMatchObject({
    user: { email },
  })
  return api
}

/** The first login: a new account, and its wallet stored as the frame stores it. */
async function createAccount(world: Awaited<ReturnType<typeof startWorld>>) {
  const api = await logIn(world)
  const set = await createShareSet({ deviceId, recoveryKey: createRecoveryKey() })
  expect(await api.putAuthShares(set.body)).toEqual({ ok: true })
  return set
}

/** The restored data is seconds old: the 30 s mail cooldown of the first login is moved back. */
const allowMailNow = (database: FoyerDatabase) =>
  database.db
    .updateTable('embedded_email_throttle')
    .set({ last_sent_at: sql<Date>`now() - interval '1 minute'` })
    .execute()

async function expectSameWallet(
  world: Awaited<ReturnType<typeof startWorld>>,
  set: Awaited<ReturnType<typeof createAccount>>,
) {
  const api = await logIn(world)
  const { wallet } = await api.getAuthShares()
  expect(wallet?.addresses).toEqual(set.addresses)
  expect(wallet?.shareSets.map((shareSet) => shareSet.authShare)).toEqual([set.body.authShare])
}

describe('backup and restore', () => {
  it('restores the embedded database from a copy of the data directory', async () => {
    const dataDir = tempDir('pglite')
    const original = await startWorld(await createDatabase({ dataDir }), dataDir)
    const set = await createAccount(original)
    await original.close()

    // Backup: the stopped server's whole data directory (database and secrets).
    const backup = join(tempDir('pglite-copy'), 'foyer-data')
    cpSync(dataDir, backup, { recursive: true })
    rmSync(dataDir, { recursive: true, force: true })

    const restoredDir = join(tempDir('pglite-restored'), 'data')
    cpSync(backup, restoredDir, { recursive: true })
    const database = await createDatabase({ dataDir: restoredDir })
    await allowMailNow(database)
    const restored = await startWorld(database, restoredDir)
    cleanups.push(() => restored.close())
    await expectSameWallet(restored, set)
  }, 300_000)

  it('restores PostgreSQL from pg_dump into an empty database with pg_restore', async () => {
    const postgres = await startPostgres({ port: 0 })
    cleanups.push(() => postgres.stop())
    const dataDir = tempDir('postgres-secrets')
    const original = await startWorld(await createDatabase({ databaseUrl: postgres.url }), dataDir)
    const set = await createAccount(original)

    // Backup while the server runs: pg_dump takes a consistent snapshot.
    const bin = findPostgresBinaries()
    const dump = join(tempDir('postgres-dump'), 'foyer.dump')
    execFileSync(join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, postgres.url])
    await original.close()

    const restoredUrl = await postgres.createDatabase('foyer_restored')
    execFileSync(join(bin, 'pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, dump])
    const database = await createDatabase({ databaseUrl: restoredUrl })
    await allowMailNow(database)
    // The secrets (here FOYER_DATA_DIR's embedded-secrets.json) come back beside the database.
    const restored = await startWorld(database, dataDir)
    cleanups.push(() => restored.close())
    await expectSameWallet(restored, set)
  }, 300_000)
})
