import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { listenPglite } from './listenPglite.ts'
import { type ListenParameters, listenPostgres, type StopListening } from './listenPostgres.ts'
import { createMigratedTemplateCache, type MigratedTemplateCache } from './migratedTemplateCache.ts'
import { migrateToLatest } from './migrations.ts'
import { createPgliteDialect } from './pgliteDialect.ts'
import type { Database } from './schema.ts'

export type CreateDatabaseParameters = {
  /** `postgres://…` to use a PostgreSQL server; embedded PGlite otherwise. */
  databaseUrl?: string | undefined
  /** PGlite data directory (default `.foyer` under the working directory); `memory://` for RAM. */
  dataDir?: string | undefined
  /** Connection pool size for PostgreSQL. */
  poolSize?: number | undefined
  /**
   * Told when PostgreSQL drops a pooled connection, idle or in use (e.g. to log it); a query on
   * a dropped connection fails on its own, so this is for logs only.
   */
  onIdleConnectionError?: ((error: Error) => void) | undefined
}

export type FoyerDatabase = {
  db: Kysely<Database>
  kind: 'pglite' | 'postgres'
  destroy: () => Promise<void>
  /**
   * Listens to a notification channel (`NOTIFY`, `pg_notify`), on PostgreSQL over a connection
   * of its own that is opened again when it drops. Absent on a database handed in without it:
   * what would be told there is read again from time to time instead.
   */
  listen?: ((parameters: ListenParameters) => StopListening) | undefined
}

/** Opens the database and applies pending migrations. */
export async function createDatabase(parameters: CreateDatabaseParameters): Promise<FoyerDatabase> {
  const { databaseUrl } = parameters
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: parameters.poolSize ?? 10 })
    // An idle connection that the server closes (restart, failover, shutdown) is reported here;
    // without a listener it would crash the process. The pool replaces it on the next query.
    pool.on('error', (error) => parameters.onIdleConnectionError?.(error))
    // A connection in use (in a query or transaction) that the server drops emits 'error' on its
    // client, which the pool does not listen to while it is checked out: without this a database
    // restart under load would crash the process. The query fails by itself and the pool
    // discards the client when it comes back.
    pool.on('connect', (client) =>
      client.on('error', (error) => parameters.onIdleConnectionError?.(error)),
    )
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    await migrateToLatest({ db })
    return {
      db,
      kind: 'postgres',
      destroy: () => db.destroy(),
      listen: (listen) => listenPostgres({ connectionString: databaseUrl, ...listen }),
    }
  }
  const dataDir = parameters.dataDir ?? '.foyer'
  if (dataDir.startsWith('memory://')) return openMemoryDatabase(dataDir)
  // The database lives in a subfolder so the data directory can hold other state later.
  const location = join(resolve(dataDir), 'db')
  mkdirSync(location, { recursive: true })
  const client = await openDataDirectory(location)
  const { db } = await migrate(client)
  return pgliteDatabase(client, db)
}

/** A PGlite data directory; a new one starts as a copy of the kept migrated files, if any. */
async function openDataDirectory(location: string): Promise<PGlite> {
  if (existsSync(join(location, 'PG_VERSION'))) return PGlite.create(location)
  const { client } = await openFromKeptCopy(location, () => {
    // What a copy that did not open left behind would keep initdb from starting.
    rmSync(location, { recursive: true, force: true })
    mkdirSync(location, { recursive: true })
  })
  return client
}

/**
 * A new PGlite database at `location`, started as a copy of the migrated files kept in
 * `FOYER_DB_TEMPLATE_DIR` when there are any (see `createMigratedTemplateCache`). A kept copy
 * that does not open is dropped, `clear` runs, and the database is made by initdb instead.
 */
async function openFromKeptCopy(
  location: string,
  clear?: () => void,
): Promise<{ client: PGlite; cache: MigratedTemplateCache | undefined; copied: Blob | undefined }> {
  const cache = createMigratedTemplateCache({ dir: process.env.FOYER_DB_TEMPLATE_DIR })
  const kept = cache?.read()
  if (kept) {
    const client = await PGlite.create(location, { loadDataDir: kept }).catch(() => undefined)
    if (client) return { client, cache, copied: kept }
    cache?.drop()
    clear?.()
  }
  return { client: await PGlite.create(location), cache, copied: undefined }
}

/**
 * The files of this process's first migrated `memory://` database. Creating one runs initdb and
 * every migration, several seconds of CPU; later ones start from a copy of these files instead
 * (tests open dozens). Each copy is a database of its own: nothing written to one shows in another.
 * With `FOYER_DB_TEMPLATE_DIR` the first one is a copy too, of files an earlier process kept.
 */
let migratedMemoryFiles: Promise<Blob | undefined> | undefined

async function openMemoryDatabase(location: string): Promise<FoyerDatabase> {
  if (migratedMemoryFiles) {
    const files = await migratedMemoryFiles
    const client = await PGlite.create(location, files ? { loadDataDir: files } : {})
    // A copy is migrated already: this only checks.
    const { db } = await migrate(client)
    return pgliteDatabase(client, db)
  }
  let keep: (files: Blob | undefined) => void = () => {}
  migratedMemoryFiles = new Promise((resolve) => (keep = resolve))
  try {
    const { client, cache, copied } = await openFromKeptCopy(location)
    const { db, applied } = await migrate(client)
    // Taken before anything else is written. Without it, later opens run initdb as this one did.
    const made =
      copied && applied.length === 0
        ? copied
        : await client.dumpDataDir('none').catch(() => undefined)
    if (made && made !== copied) await cache?.write(made)
    keep(made)
    return pgliteDatabase(client, db)
  } catch (error) {
    keep(undefined)
    migratedMemoryFiles = undefined
    throw error
  }
}

async function migrate(client: PGlite) {
  const db = new Kysely<Database>({ dialect: createPgliteDialect(client) })
  return { db, applied: await migrateToLatest({ db }) }
}

function pgliteDatabase(client: PGlite, db: Kysely<Database>): FoyerDatabase {
  return {
    db,
    kind: 'pglite',
    destroy: () => db.destroy(),
    listen: (listen) => listenPglite({ client, db, ...listen }),
  }
}
