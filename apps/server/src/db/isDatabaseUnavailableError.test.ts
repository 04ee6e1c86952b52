import { createServer } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { freePort } from '../../test/support/freePort.ts'
import { isDatabaseUnavailableError } from './isDatabaseUnavailableError.ts'

const failureOf = async (run: () => Promise<unknown>) => {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('expected a failure')
}

describe('isDatabaseUnavailableError', () => {
  it('recognises a database that refuses connections', async () => {
    const port = await freePort()
    const client = new pg.Client({ connectionString: `postgres://foyer@127.0.0.1:${port}/foyer` })
    const error = await failureOf(() => client.connect())
    expect(isDatabaseUnavailableError(error)).toBe(true)
  })

  it('recognises a connection the database drops', async () => {
    // A server that accepts and closes at once, as PostgreSQL does when it goes down mid-session.
    const server = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    try {
      const client = new pg.Client({ connectionString: `postgres://foyer@127.0.0.1:${port}/foyer` })
      const error = await failureOf(() => client.connect())
      expect((error as Error).message).toMatch(/Connection terminated/)
      expect(isDatabaseUnavailableError(error)).toBe(true)
    } finally {
      server.close()
    }
  })

  it('recognises the shutdown and connection SQLSTATEs', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001']) {
      const error = Object.assign(new pg.DatabaseError('terminating connection', 0, 'error'), {
        code,
      })
      expect(isDatabaseUnavailableError(error), code).toBe(true)
    }
  })

  it('recognises a refused connection reported for several addresses', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), {
      code: 'ECONNREFUSED',
    })
    expect(isDatabaseUnavailableError(new AggregateError([refused]))).toBe(true)
  })

  it('does not take a query error for an outage', async () => {
    const client = await PGlite.create()
    try {
      const error = await failureOf(() => client.query('select missing_column from pg_class'))
      expect(isDatabaseUnavailableError(error)).toBe(false)
      const duplicate = Object.assign(new pg.DatabaseError('duplicate key', 0, 'error'), {
        code: '23505',
      })
      expect(isDatabaseUnavailableError(duplicate)).toBe(false)
    } finally {
      await client.close()
    }
  }, 120_000)

  it("does not take another service's refused connection for an outage", async () => {
    const port = await freePort()
    const error = await failureOf(() => fetch(`http://127.0.0.1:${port}/`))
    expect(((error as Error).cause as { code?: string }).code).toBe('ECONNREFUSED')
    expect(isDatabaseUnavailableError(error)).toBe(false)
    expect(isDatabaseUnavailableError('ECONNREFUSED')).toBe(false)
  })
})
