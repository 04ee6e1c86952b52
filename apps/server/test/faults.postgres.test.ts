// PostgreSQL restarted (killed, then started again on the same data) while code requests are in
// flight: every request gets an answer, failures are a 503 `database_unavailable` with
// `Retry-After` and the generic 'Server Error' text (no stack, no driver detail), the process
// stays up, and requests succeed again once PostgreSQL is back.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createEmbeddedWallet, type EmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../src/http/createServer.ts'
import { type StartPostgresReturnType, startPostgres } from './support/startPostgres.ts'

describe('PostgreSQL restarted under load', () => {
  let postgres: StartPostgresReturnType
  let database: FoyerDatabase
  let server: FastifyInstance
  let embedded: EmbeddedWallet
  let tempDir: string
  const idleConnectionErrors: Error[] = []

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-faults-pg-'))
    postgres = await startPostgres({ port: 0 })
    database = await createDatabase({
      databaseUrl: postgres.url,
      onIdleConnectionError: (error) => idleConnectionErrors.push(error),
    })
    server = await createServer({
      database,
      dev: true,
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
    })
    server.addHook('onClose', () => database.destroy())
    embedded = (await createEmbeddedWallet({
      server,
      dev: true,
      dataDir: tempDir,
      host: '127.0.0.1',
      framePort: 0,
      rateLimit: false,
      logger: false,
    }))!
    await server.ready()
  }, 180_000)

  afterAll(async () => {
    await server?.close()
    await postgres?.stop()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  let next = 0
  const requestCode = () =>
    embedded.frame.inject({
      method: 'POST',
      url: '/v1/embedded/email/start?projectId=foyer-dev',
      payload: {
        email: `pg-${next++}@example.com`,
        deviceId: 'device-pg-restart',
        projectId: 'foyer-dev',
      },
    })
  const expectCleanFailure = (response: Awaited<ReturnType<typeof requestCode>>) => {
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual({
      error: 'database_unavailable',
      message: 'Server Error',
      retryAfterSeconds: 5,
    })
  }
  // A project id this process has not looked up yet: the API asks the database for it.
  const lookUpProject = () =>
    server.inject({ method: 'GET', url: `/projects/v1/origins?projectId=pg-outage-${next++}` })

  it('answers in-flight and later requests cleanly while it is down, and serves again after', async () => {
    expect((await requestCode()).statusCode).toBe(200)

    // A crash mid-flight: 'immediate' aborts the sessions the requests are using.
    const inFlight = Array.from({ length: 20 }, requestCode)
    postgres.pause('immediate')
    for (const response of await Promise.all(inFlight)) {
      if (response.statusCode !== 200) expectCleanFailure(response)
    }
    // Down: a clean answer at once, no hanging request.
    for (const response of await Promise.all(Array.from({ length: 5 }, requestCode)))
      expectCleanFailure(response)
    // The API's routes answer the same way, in their own error shape.
    const apiAnswer = await lookUpProject()
    expect(apiAnswer.statusCode).toBe(503)
    expect(apiAnswer.headers['retry-after']).toBe('5')
    expect(apiAnswer.json()).toEqual({
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      error: 'Service Unavailable',
      message: 'Server Error',
    })

    postgres.resume()
    // The pool drops the dead connections as it meets them; within a few requests all succeed.
    let last: Awaited<ReturnType<typeof requestCode>> | undefined
    for (let attempt = 0; attempt < 20; attempt++) {
      last = await requestCode()
      if (last.statusCode === 200) break
      expectCleanFailure(last)
    }
    expect(last?.statusCode).toBe(200)
    const answers = await Promise.all(Array.from({ length: 10 }, requestCode))
    expect(answers.map((response) => response.statusCode)).toEqual(Array(10).fill(200))
    // An unknown project is a 403 again, not an outage.
    expect((await lookUpProject()).statusCode).toBe(403)
    // The dropped connections were reported (for the log), not thrown at the process.
    expect(idleConnectionErrors.length).toBeGreaterThan(0)
  })
})
