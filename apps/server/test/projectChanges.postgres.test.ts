import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { listenPostgres } from '../src/db/listenPostgres.ts'
import { createServer } from '../src/http/createServer.ts'
import { upsertProject } from '../src/projects/projects.ts'
import { countQueries } from './support/countQueries.ts'
import { projectConfigName } from './support/projectConfigName.ts'
import { type StartPostgresReturnType, startPostgres } from './support/startPostgres.ts'

describe('project changes announced by PostgreSQL', () => {
  let postgres: StartPostgresReturnType
  let operator: FoyerDatabase
  beforeAll(async () => {
    postgres = await startPostgres({ port: 0 })
    // What `project upsert` opens: a process of its own, apart from the servers.
    operator = await createDatabase({ databaseUrl: postgres.url, poolSize: 2 })
  }, 120_000)
  afterAll(async () => {
    await operator?.destroy()
    await postgres?.stop()
  })

  function listen(channel: string) {
    const heard: string[] = []
    const listening: boolean[] = []
    const errors: Error[] = []
    const stop = listenPostgres({
      connectionString: postgres.url,
      channel,
      retryMs: 100,
      onNotification: (payload) => heard.push(payload),
      onListening: (value) => listening.push(value),
      onError: (error) => errors.push(error),
    })
    return { heard, listening, errors, stop }
  }
  const notify = (channel: string, payload: string) =>
    sql`select pg_notify(${channel}, ${payload})`.execute(operator.db)
  const listeners = async (channel: string) => {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
      where query = ${`LISTEN ${channel}`}`.execute(operator.db)
    return rows.map((row) => row.pid)
  }

  describe('listenPostgres', () => {
    it('hears what other connections commit on its channel, and nothing once stopped', async () => {
      const { heard, listening, stop } = listen('test_heard')
      await expect.poll(() => listening).toEqual([true])
      await notify('test_heard', 'one')
      await notify('test_other', 'elsewhere')
      await notify('test_heard', 'two')
      await expect.poll(() => heard).toEqual(['one', 'two'])
      await stop()
      expect(listening).toEqual([true, false])
      // Its connection is closed, not left to the server.
      await expect.poll(() => listeners('test_heard')).toEqual([])
      await notify('test_heard', 'three')
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(heard).toEqual(['one', 'two'])
    })

    it('listens again after its connection is dropped, and hears what comes after', async () => {
      const { heard, listening, errors, stop } = listen('test_dropped')
      await expect.poll(() => listening).toEqual([true])
      const [pid] = await listeners('test_dropped')
      await sql`select pg_terminate_backend(${pid})`.execute(operator.db)
      await expect.poll(() => listening).toEqual([true, false, true])
      expect(errors.length).toBeGreaterThan(0)
      expect(await listeners('test_dropped')).not.toContain(pid)
      await notify('test_dropped', 'after')
      await expect.poll(() => heard).toEqual(['after'])
      await stop()
    })
  })

  describe('two server processes sharing the database', () => {
    const projectId = 'announced-project'
    const origin = 'https://announced.example'
    const servers: { app: FastifyInstance; url: string; queries: () => number }[] = []
    beforeAll(async () => {
      await upsertProject({ db: operator.db, id: projectId, name: 'Before', allowedOrigins: [] })
      for (let index = 0; index < 2; index++) {
        const opened = await createDatabase({ databaseUrl: postgres.url, poolSize: 2 })
        const { db, queries } = countQueries(opened.db)
        const app = await createServer({
          database: { ...opened, db },
          logger: false,
          rateLimit: false,
          indexer: { enabled: false },
          // Ten minutes: a change shown sooner was announced, not read again.
          projectCacheTtlMs: 600_000,
        })
        app.addHook('onClose', () => opened.destroy())
        const url = await app.listen({ host: '127.0.0.1', port: 0 })
        servers.push({ app, url, queries })
      }
    }, 120_000)
    afterAll(() => Promise.allSettled(servers.map(({ app }) => app.close())))

    const config = (server: number) =>
      projectConfigName({ url: servers[server]!.url, projectId, origin })
    const changeProject = (name: string, allowedOrigins: string[]) =>
      upsertProject({ db: operator.db, id: projectId, name, allowedOrigins })
    /** Every server shows `value` within `timeout`: announced, since the TTL is ten minutes. */
    const expectEveryServer = async (value: string | number, timeout = 10_000) => {
      for (const server of servers.keys())
        await expect.poll(() => config(server), { timeout }).toBe(value)
    }

    it('answers a changed project in every process at once', async () => {
      // The origin is not allowed yet: both refuse it, and keep the project they read.
      expect(await config(0)).toBe(403)
      expect(await config(1)).toBe(403)
      await changeProject('After', [origin])
      await expectEveryServer('After')
      // An operator's own SQL is announced as well.
      await sql`update projects set allowed_origins = '[]'::jsonb where id = ${projectId}`.execute(
        operator.db,
      )
      await expectEveryServer(403)
      await changeProject('After', [origin])
      await expectEveryServer('After')
    })

    it('asks the database nothing for warm requests', async () => {
      const list = `/getWallets?${new URLSearchParams({ projectId, page: '1', entries: '40' })}`
      for (const server of servers) await fetch(`${server.url}${list}`, { headers: { origin } })
      const before = servers.map((server) => server.queries())
      for (let round = 0; round < 20; round++) {
        for (const [index, server] of servers.entries()) {
          expect(await config(index)).toBe('After')
          const response = await fetch(`${server.url}${list}`, { headers: { origin } })
          expect(response.status).toBe(200)
        }
      }
      expect(servers.map((server) => server.queries())).toEqual(before)
    })

    it('listens again after the database restarts, and announces changes from then on', async () => {
      postgres.pause('immediate')
      postgres.resume()
      await changeProject('Restarted', [origin]).catch(
        // The operator's pooled connections died with the server: the pool opens new ones.
        () => changeProject('Restarted', [origin]),
      )
      await expectEveryServer('Restarted', 15_000)
      // Listening again: the next change is announced, not waited out.
      await expect
        .poll(async () => (await listeners('foyer_project_changes')).length, { timeout: 15_000 })
        .toBe(2)
      await changeProject('Announced', [origin])
      await expectEveryServer('Announced')
    })
  })
})
