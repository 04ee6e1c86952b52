import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { freePort } from '../../test/support/freePort.ts'
import { NotFoundError } from '../errors.ts'
import { toErrorResponse } from './createServer.ts'

describe('toErrorResponse', () => {
  it('answers a database that cannot be reached with 503 DATABASE_UNAVAILABLE, without driver text', async () => {
    const port = await freePort()
    const client = new pg.Client({ connectionString: `postgres://foyer@127.0.0.1:${port}/foyer` })
    const refused = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(toErrorResponse(refused)).toEqual({
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      error: 'Service Unavailable',
      message: 'Server Error',
    })
  })

  it('keeps any other unexpected error a bare 500, and a known error its own answer', () => {
    const queryError = Object.assign(new pg.DatabaseError('syntax error at or near', 0, 'error'), {
      code: '42601',
    })
    expect(toErrorResponse(queryError)).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    })
    expect(toErrorResponse(new NotFoundError())).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      error: 'Not Found',
      message: 'Not Found',
    })
  })
})
