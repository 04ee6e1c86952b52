// Upgrading from the previous release: a database at the previous release's schema, holding what
// a running server stores (a project, accounts with their wallets and share sets, a visitor's
// login session, a registered name), is migrated to the latest schema the way the server does at
// start, and the current routes then serve every row: the same login gets the same wallet, the
// session from before the upgrade still works, the name still resolves, the project still
// answers its origins. On embedded PGlite (a data directory) and on PostgreSQL.
//
// "Previous release" is the migration list at commit b326530 (the last landed CI). No migration
// has been added since, so the previous release here is every migration but the last one
// (0013_smart_sessions, which adds a table): the first migration the upgrade applies is
// `firstNewMigration`. When a migration is added, set it to the first one after b326530.
//
// The data is written through the server's own code (routes, `upsertProject`) on the old schema:
// the rows are the ones those code paths write, rather than hand-written SQL that may drift.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { createHttpAuthApi, withSigner } from '@foyer/frame'
import { createRegisterNameMessage } from '@foyer/protocol'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { migrations } from '../src/db/migrations.ts'
import { createPgliteDialect } from '../src/db/pgliteDialect.ts'
import type { Database } from '../src/db/schema.ts'
import { createEmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../src/http/createServer.ts'
import { upsertProject } from '../src/projects/projects.ts'
import { createVisitor } from './support/emailLogin.ts'
import { codeOf, latestMail } from './support/embeddedClient.ts'
import { createRecoveryKey, createShareSet } from './support/embeddedCustody.ts'
import { migrateBefore } from './support/migrateBefore.ts'
import { startPostgres } from './support/startPostgres.ts'

const firstNewMigration = '0013_smart_sessions'
const zone = 'foyer.eth'
const appProject = {
  id: 'upgrade-app',
  name: 'Upgrade app',
  allowedOrigins: ['https://app.example.com', 'https://*.preview.example.com'],
}
const visitors = [
  { email: 'alice-upgrade@example.com', deviceId: 'device-upgrade-alice', name: `alice.${zone}` },
  { email: 'bob-upgrade@example.com', deviceId: 'device-upgrade-bob', name: `bob-upgrade.${zone}` },
]

const cleanups: Array<() => Promise<unknown> | unknown> = []
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The current server (main + frame listener) over `database`, its secrets in `dataDir`. */
async function startWorld(database: FoyerDatabase, dataDir: string) {
  const server = await createServer({
    database,
    dev: true,
    logger: false,
    rateLimit: false,
    indexer: { enabled: false },
    names: { zone },
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
type World = Awaited<ReturnType<typeof startWorld>>
type Visitor = (typeof visitors)[number]

async function logIn(world: World, visitor: Visitor) {
  const browser = createVisitor(world.frameUrl)
  const { email, deviceId } = visitor
  await browser.api.startEmailLogin({ email, deviceId, projectId: 'foyer-dev' })
  const code = codeOf(await latestMail(world.server, email))
  expect(await browser.api.verifyEmailOtp({ email, otp: code, deviceId })).toMatchObject({
    user: { email },
  })
  return browser
}

const get = async (world: World, path: string, projectId = 'foyer-dev') => {
  const query = new URLSearchParams({ projectId, st: 'foyer', sv: 'test' })
  const response = await world.server.inject({ url: `${path}?${query}` })
  return { status: response.statusCode, body: response.json() }
}

/** What the previous release's server stored: accounts with wallets, sessions, names, a project. */
async function fillWithData(world: World, database: FoyerDatabase) {
  await upsertProject({ db: database.db, ...appProject })
  const accounts = []
  for (const visitor of visitors) {
    const browser = await logIn(world, visitor)
    const set = await createShareSet({
      deviceId: visitor.deviceId,
      recoveryKey: createRecoveryKey(),
    })
    expect(await browser.api.putAuthShares(set.body)).toEqual({ ok: true })
    // The visitor registers a name for the wallet, signed by it as the dialog does.
    const message = createRegisterNameMessage({ name: visitor.name })
    const signature = await withSigner([set.deviceShare, set.authShare], ({ eip155 }) =>
      eip155.signMessage({ message }),
    )
    const registered = await world.server.inject({
      method: 'POST',
      url: '/v1/profile/account?projectId=foyer-dev&st=foyer&sv=test',
      payload: { coin_type: 60, address: set.addresses.eip155, message, signature },
    })
    expect(registered.statusCode, registered.body).toBe(200)
    accounts.push({ visitor, set, browser })
  }
  return accounts
}

/** Every row written before the upgrade, as the current routes serve it after. */
async function expectServed(
  world: World,
  database: FoyerDatabase,
  accounts: Awaited<ReturnType<typeof fillWithData>>,
) {
  // The data is seconds old: the 30 s mail cooldown of the first logins is moved back.
  await database.db
    .updateTable('embedded_email_throttle')
    .set({ last_sent_at: sql<Date>`now() - interval '1 minute'` })
    .execute()
  for (const { visitor, set, browser } of accounts) {
    // The session cookie from before the upgrade still opens the account (the browser keeps it
    // for the frame's host; the restarted frame listens on another port here).
    const kept = await createHttpAuthApi({
      baseUrl: world.frameUrl,
      projectId: 'foyer-dev',
      fetch: browser.jar.fetch,
    }).getAuthShares()
    expect(kept.wallet?.addresses).toEqual(set.addresses)
    // A new login with a new code gets the same wallet and the same share set, nothing new.
    const again = await logIn(world, visitor)
    const { wallet } = await again.api.getAuthShares()
    expect(wallet?.addresses).toEqual(set.addresses)
    expect(wallet?.shareSets.map((shareSet) => [shareSet.shareSetId, shareSet.authShare])).toEqual([
      [set.body.shareSetId, set.body.authShare],
    ])
    const users = await database.db
      .selectFrom('embedded_users')
      .select('id')
      .where('email', '=', visitor.email)
      .execute()
    expect(users).toHaveLength(1)

    const profile = await get(world, `/v1/profile/account/${visitor.name}`)
    expect(profile.status).toBe(200)
    expect(profile.body).toMatchObject({
      name: visitor.name,
      addresses: { '60': { address: set.addresses.eip155 } },
    })
    expect((await get(world, `/v1/profile/reverse/${set.addresses.eip155}`)).body).toEqual([
      profile.body,
    ])
  }
  const origins = await get(world, '/projects/v1/origins', appProject.id)
  expect(origins.status).toBe(200)
  expect(JSON.stringify(origins.body)).toContain('https://app.example.com')
  // The upgrade applied the new migrations and left none pending.
  const applied = await sql<{ name: string }>`select name from foyer_migrations order by name`
    .execute(database.db)
    .then((result) => result.rows.map((row) => row.name))
  expect(applied).toEqual(Object.keys(migrations).sort())
}

/** The previous release's schema in `db`: the migrations before `firstNewMigration`. */
async function migrateToPreviousRelease(db: Kysely<Database>) {
  const applied = await migrateBefore({ db, firstMissing: firstNewMigration })
  expect(applied).not.toContain(firstNewMigration)
  expect(applied.length).toBeGreaterThan(0)
}

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `foyer-upgrade-${name}-`))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe('schema upgrade from the previous release', () => {
  it('serves every account, wallet, session, name and project of an embedded database after the upgrade', async () => {
    const dataDir = tempDir('pglite')
    // The previous release's database, where `createDatabase` keeps it (FOYER_DATA_DIR/db).
    mkdirSync(join(dataDir, 'db'))
    const oldDb = new Kysely<Database>({
      dialect: createPgliteDialect(await PGlite.create(join(dataDir, 'db'))),
    })
    await migrateToPreviousRelease(oldDb)
    const oldDatabase: FoyerDatabase = { db: oldDb, kind: 'pglite', destroy: () => oldDb.destroy() }
    const previous = await startWorld(oldDatabase, dataDir)
    const accounts = await fillWithData(previous, oldDatabase)
    await previous.close()

    // The upgraded server starts on the same data directory: its start migrates.
    const database = await createDatabase({ dataDir })
    const upgraded = await startWorld(database, dataDir)
    cleanups.push(() => upgraded.close())
    await expectServed(upgraded, database, accounts)
  }, 300_000)

  it('serves every account, wallet, session, name and project of a PostgreSQL database after the upgrade', async () => {
    const postgres = await startPostgres({ port: 0 })
    cleanups.push(() => postgres.stop())
    const dataDir = tempDir('postgres-secrets')
    const oldDb = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgres.url }) }),
    })
    await migrateToPreviousRelease(oldDb)
    const oldDatabase: FoyerDatabase = {
      db: oldDb,
      kind: 'postgres',
      destroy: () => oldDb.destroy(),
    }
    const previous = await startWorld(oldDatabase, dataDir)
    const accounts = await fillWithData(previous, oldDatabase)
    await previous.close()

    const database = await createDatabase({ databaseUrl: postgres.url })
    const upgraded = await startWorld(database, dataDir)
    cleanups.push(() => upgraded.close())
    await expectServed(upgraded, database, accounts)
  }, 300_000)
})
