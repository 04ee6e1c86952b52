import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBitcoinRegtest } from '../networks.ts'
import { getFeeRate } from './getFeeRate.ts'

// The regtest node answers every target with its floor, so the choice of target is shown against
// a loopback stand-in that serves the estimates each test sets (shaped like mempool.space's).
let estimates: Record<string, number> = {}
let server: Server
let network: ReturnType<typeof createBitcoinRegtest>

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/fee-estimates') return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(estimates))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  network = createBitcoinRegtest({
    esploraUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  })
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('getFeeRate', () => {
  it('takes the 6-block estimate, rounded up to whole sat/vB', async () => {
    estimates = { '1': 87.88, '2': 80.1, '3': 70.5, '6': 12.3, '144': 1.2 }
    expect(await getFeeRate({ network })).toBe(13n)
    expect(await getFeeRate({ network, target: 1 })).toBe(88n)
    expect(await getFeeRate({ network, target: 200 })).toBe(2n)
  })

  it('without that target, takes the nearest faster one, never a slower one', async () => {
    estimates = { '1': 30, '2': 20.2, '25': 5 }
    expect(await getFeeRate({ network })).toBe(21n)
  })

  it('never goes below 1 sat/vB, nor without any estimate', async () => {
    estimates = { '6': 0.25 }
    expect(await getFeeRate({ network })).toBe(1n)
    estimates = {}
    expect(await getFeeRate({ network })).toBe(1n)
  })
})
