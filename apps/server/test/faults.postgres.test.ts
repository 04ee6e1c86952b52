// PostgreSQL restarted (killed, then started again on the same data) while code requests are in
// flight: every request gets an answer, failures are the plain 'Server Error' body with no stack
// or driver detail, the process stays up, and requests succeed again once PostgreSQL is back.
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
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ error: 'server_error', message: 'Server Error' })
  }

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
    // The dropped connections were reported (for the log), not thrown at the process.
    expect(idleConnectionErrors.length).toBeGreaterThan(0)
  })
})
