import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely'

/**
 * Kysely dialect for embedded PGlite. PGlite has a single connection, so the driver hands it to
 * one user at a time (a transaction holds it until commit/rollback); otherwise concurrent
 * requests would run their statements inside another request's transaction.
 */
export function createPgliteDialect(client: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgliteDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  }
}

class PgliteDriver implements Driver {
  #client: PGlite
  #connection: PgliteConnection
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined

  constructor(client: PGlite) {
    this.#client = client
    this.#connection = new PgliteConnection(client)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise<void>((resolve) => {
      release = resolve
    })
    await previous
    this.#release = release
    return this.#connection
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = undefined
    release?.()
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async destroy(): Promise<void> {
    await this.#queue
    if (!this.#client.closed) await this.#client.close()
  }
}

class PgliteConnection implements DatabaseConnection {
  #client: PGlite
  constructor(client: PGlite) {
    this.#client = client
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#client.query<R>(compiledQuery.sql, [...compiledQuery.parameters])
    const affected = result.affectedRows
    return affected === undefined
      ? { rows: result.rows }
      : { rows: result.rows, numAffectedRows: BigInt(affected) }
  }

  // biome-ignore lint/correctness/useYield: PGlite cannot stream; Kysely only calls this on .stream()
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries')
  }
}
