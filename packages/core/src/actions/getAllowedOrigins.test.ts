import { afterEach, describe, expect, test } from 'vitest'
import { startStatusServer } from '../api/testServer.ts'
import { createTestFoyer } from '../test-utils.ts'
import { AllowedOriginsError, getAllowedOrigins } from './getAllowedOrigins.ts'

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()))
})

async function foyerAnswering(status: number, body?: unknown) {
  const server = await startStatusServer(() => ({ status, body }))
  stops.push(server.stop)
  return createTestFoyer({ serverUrl: server.url, projectId: 'demo' })
}

describe('getAllowedOrigins', () => {
  test('returns the allowed origin patterns', async () => {
    const foyer = await foyerAnswering(200, { allowedOrigins: ['https://*.example.com'] })
    expect(await getAllowedOrigins(foyer)).toEqual(['https://*.example.com'])
  })

  test('fails with RATE_LIMITED and its alert on HTTP 429', async () => {
    const foyer = await foyerAnswering(429, { message: 'Rate Limited' })
    const error = await getAllowedOrigins(foyer).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AllowedOriginsError)
    expect((error as AllowedOriginsError).code).toBe('RATE_LIMITED')
    expect(foyer.getState().alerts.map((alert) => alert.shortMessage)).toEqual(['Rate Limited'])
  })

  test('fails with SERVER_ERROR and its alert on 5xx', async () => {
    const foyer = await foyerAnswering(503)
    const error = await getAllowedOrigins(foyer).catch((caught: unknown) => caught)
    expect((error as AllowedOriginsError).code).toBe('SERVER_ERROR')
    expect(foyer.getState().alerts.map((alert) => alert.shortMessage)).toEqual(['Server Error'])
  })

  test('answers an empty list on any other failure', async () => {
    const foyer = await foyerAnswering(404, { message: 'Not Found' })
    expect(await getAllowedOrigins(foyer)).toEqual([])
    expect(foyer.getState().alerts).toEqual([])
  })
})
