import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { readServerOptions } from '../config.ts'
import { createEmbeddedWallet } from '../embedded/createEmbeddedWallet.ts'
import { ConfigError } from '../errors.ts'
import { createServer } from './createServer.ts'
import {
  createRequestAddress,
  parseTrustProxy,
  type TrustProxy,
  toFastifyTrustProxy,
} from './trustProxy.ts'

const proxyAddress = '10.0.0.5'
const clientAddress = '198.51.100.7'
/** What reaches the server through one proxy: the client's forged entries, then the proxy's. */
const forwardedFor = (attempt: number) =>
  `203.0.113.${attempt}, 192.0.2.${attempt * 7}, ${clientAddress}`

describe('FOYER_TRUST_PROXY', () => {
  it('takes a hop count, true/1 as one hop, or proxy addresses and CIDRs', () => {
    expect(parseTrustProxy('X', undefined)).toBe(false)
    expect(parseTrustProxy('X', '0')).toBe(false)
    expect(parseTrustProxy('X', 'false')).toBe(false)
    expect(parseTrustProxy('X', '1')).toBe(1)
    expect(parseTrustProxy('X', 'true')).toBe(1)
    expect(parseTrustProxy('X', '2')).toBe(2)
    expect(parseTrustProxy('X', '10.0.0.0/8, 192.168.1.1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'fd00::/8',
      'loopback',
    ])
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0', 'example.com', '::1/129', '-1'])
      expect(() => parseTrustProxy('FOYER_TRUST_PROXY', bad)).toThrow(ConfigError)
    expect(readServerOptions({ FOYER_TRUST_PROXY: '1' }).trustProxy).toBe(1)
  })

  const dataDirs: string[] = []
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  })

  // Issue 26 item 4: with FOYER_TRUST_PROXY=1 trusting every hop, a client that changes the
  // left-most X-Forwarded-For entry on each request turned `200 200 200 429 429` into five 200s.
  it.each([
    ['1', 'a hop count'],
    ['true', 'true'],
    [`${proxyAddress}/32`, 'the proxy address'],
  ])(
    'limits a client forging left-most X-Forwarded-For entries (FOYER_TRUST_PROXY=%s, %s)',
    async (value) => {
      const { trustProxy } = readServerOptions({ FOYER_TRUST_PROXY: value })
      const server = await createServer({
        dataDir: 'memory://',
        logger: false,
        indexer: { enabled: false },
        trustProxy,
        rateLimit: { perIpPerMinute: 3 },
      })
      const dataDir = mkdtempSync(join(tmpdir(), 'foyer-trust-proxy-'))
      dataDirs.push(dataDir)
      const embedded = await createEmbeddedWallet({
        server,
        dev: true,
        dataDir,
        host: '127.0.0.1',
        framePort: 0,
        smtpUrl: 'smtp://127.0.0.1:9',
        trustProxy,
        rateLimit: { perIpPerMinute: 3 },
        logger: false,
      })
      try {
        const statuses = { server: [] as number[], frame: [] as number[], ip: '' }
        for (let attempt = 1; attempt <= 5; attempt++) {
          const headers = { 'x-forwarded-for': forwardedFor(attempt) }
          const main = await server.inject({ url: '/health', remoteAddress: proxyAddress, headers })
          statuses.server.push(main.statusCode)
          const frame = await embedded!.frame.inject({
            url: '/v1/embedded/session?projectId=none',
            remoteAddress: proxyAddress,
            headers,
          })
          statuses.frame.push(frame.statusCode === 429 ? 429 : 200)
        }
        expect(statuses.server).toEqual([200, 200, 200, 429, 429])
        expect(statuses.frame).toEqual([200, 200, 200, 429, 429])
        // Another client behind the same proxy has its own budget.
        const other = await server.inject({
          url: '/health',
          remoteAddress: proxyAddress,
          headers: { 'x-forwarded-for': '198.51.100.8' },
        })
        expect(other.statusCode).toBe(200)
      } finally {
        await server.close()
      }
    },
  )

  it('trusts no forwarded entry from a peer that is not a listed proxy', async () => {
    const server = await createServer({
      dataDir: 'memory://',
      logger: false,
      indexer: { enabled: false },
      trustProxy: readServerOptions({ FOYER_TRUST_PROXY: '10.0.0.0/8' }).trustProxy,
    })
    server.get('/whoami', async (request) => ({ ip: request.ip }))
    try {
      const viaProxy = await server.inject({
        url: '/whoami',
        remoteAddress: proxyAddress,
        headers: { 'x-forwarded-for': `203.0.113.1, ${clientAddress}` },
      })
      expect(viaProxy.json()).toEqual({ ip: clientAddress })
      const direct = await server.inject({
        url: '/whoami',
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': '203.0.113.1' },
      })
      expect(direct.json()).toEqual({ ip: '192.0.2.44' })
    } finally {
      await server.close()
    }
  })
})

describe('createRequestAddress', () => {
  it("names the client and host as Fastify's request.ip and request.host do, for every trustProxy", async () => {
    const settings: (TrustProxy | undefined)[] = [
      undefined,
      false,
      true,
      2,
      '10.0.0.0/8',
      ['10.0.0.0/8', '192.0.2.0/24'],
      'loopback',
    ]
    const requests = [
      { remoteAddress: proxyAddress, headers: {} },
      {
        remoteAddress: proxyAddress,
        headers: { 'x-forwarded-for': forwardedFor(1), 'x-forwarded-host': 'a.example, b.example' },
      },
      {
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '192.0.2.9, 10.1.2.3', 'x-forwarded-host': 'c.example' },
      },
      { remoteAddress: clientAddress, headers: { 'x-forwarded-for': '203.0.113.1' } },
    ]
    for (const trustProxy of settings) {
      const address = createRequestAddress(trustProxy)
      const app = Fastify({ logger: false, trustProxy: toFastifyTrustProxy(trustProxy) })
      app.get('/', async (request) => ({
        fastify: { ip: request.ip, host: request.host },
        ours: { ip: address.clientIp(request.raw), host: address.host(request.raw) },
      }))
      for (const request of requests) {
        const answer = (await app.inject({ url: '/', ...request })).json()
        expect(answer.ours, JSON.stringify({ trustProxy, request })).toEqual(answer.fastify)
      }
      await app.close()
    }
  })
})
