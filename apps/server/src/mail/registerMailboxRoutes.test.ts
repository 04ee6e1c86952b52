import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmbeddedWallet } from '../embedded/createEmbeddedWallet.ts'
import { createServer } from '../http/createServer.ts'
import { hostName } from './registerMailboxRoutes.ts'

describe('development mailbox (issue 26 item 11)', () => {
  let server: FastifyInstance
  let dataDir: string
  let baseUrl: string

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-mailbox-'))
    server = await createServer({
      dataDir: 'memory://',
      dev: true,
      logger: false,
      indexer: { enabled: false },
    })
    await createEmbeddedWallet({
      server,
      dev: true,
      dataDir,
      host: '127.0.0.1',
      framePort: 0,
      logger: false,
    })
    await server.listen({ host: '127.0.0.1', port: 0 })
    baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await server?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('reads the Host name without its port', () => {
    expect(hostName('127.0.0.1:4400')).toBe('127.0.0.1')
    expect(hostName('LocalHost')).toBe('localhost')
    expect(hostName('[::1]:4400')).toBe('[::1]')
    expect(hostName('evil.example:4400')).toBe('evil.example')
    expect(hostName('a:b:c')).toBeUndefined()
    expect(hostName(undefined)).toBeUndefined()
  })

  // DNS rebinding: the attacker's name resolves to 127.0.0.1, so its page reads the mailbox as
  // same-origin; only the Host header still names the attacker.
  it.each([
    'rebind.evil.example:4400',
    'localhost.evil.example',
    '127.0.0.1.nip.io:4400',
    '[::2]:4400',
  ])('refuses Host %j with 403', async (host) => {
    for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
      const response = await server.inject({ url, headers: { host } })
      expect(response.statusCode).toBe(403)
      expect(response.body).not.toContain('mails')
      expect(response.headers['access-control-allow-origin']).toBeUndefined()
    }
  })

  it('answers loopback hosts, as e2e tests read it (Node fetch, no Origin)', async () => {
    for (const host of ['127.0.0.1:4400', 'localhost:4400', '[::1]:4400', 'localhost']) {
      const response = await server.inject({ url: '/dev/mailbox.json', headers: { host } })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ mails: [] })
    }
    const fetched = await fetch(`${baseUrl}/dev/mailbox.json?to=someone@example.com`)
    expect(fetched.status).toBe(200)
    expect(await fetched.json()).toEqual({ mails: [] })
  })

  it('refuses a rebinding Host over real HTTP too', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${baseUrl}/dev/mailbox.json`, {
        headers: { host: 'rebind.evil.example' },
      })
      request.on('response', (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
      request.on('error', reject)
      request.end()
    })
    expect(status).toBe(403)
  })

  // Before: an allowed origin of the dev project (any localhost port) could read login codes.
  it('sends no CORS headers to any origin, for answers, errors and preflights', async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:4400',
      'https://evil.example',
    ]) {
      const read = await server.inject({
        url: '/dev/mailbox.json?projectId=foyer-dev',
        headers: { host: '127.0.0.1:4400', origin },
      })
      expect(read.statusCode).toBe(200)
      expect(read.headers['access-control-allow-origin']).toBeUndefined()
      const refused = await server.inject({
        url: '/dev/mailbox.json',
        headers: { host: 'evil.example', origin },
      })
      expect(refused.headers['access-control-allow-origin']).toBeUndefined()
      const preflight = await server.inject({
        method: 'OPTIONS',
        url: '/dev/mailbox.json',
        headers: { host: '127.0.0.1:4400', origin, 'access-control-request-method': 'GET' },
      })
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    }
    // The API keeps its CORS policy.
    const api = await server.inject({
      url: '/appkit/v1/config?projectId=foyer-dev',
      headers: { origin: 'http://localhost:5173' },
    })
    expect(api.headers['access-control-allow-origin']).toBe('http://localhost:5173')
  })
})
