import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { startDevnet } from '@foyer/devnet'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cache, createMemoryCache } from '../cache/createCache.ts'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { upsertProject } from '../projects/projects.ts'
import { importRegistry } from '../registry/wallets.ts'
import { type CreateServerOptions, createServer } from './createServer.ts'

const projectId = 'foyer-dev'
/** An origin the development project allows, and one it does not. */
const origin = 'http://localhost:5173'
const refusedOrigin = 'https://elsewhere.example'
const browser = { origin, 'accept-encoding': 'gzip, deflate, br, zstd' }

const q = (path: string, params: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ projectId, ...params })}`

/** What a client receives, the `Date` aside: status, every header in order, body bytes. */
type Received = { status: number; headers: string[]; body: string }

function exchange(
  base: string,
  path: string,
  options: { method?: string; headers?: OutgoingHttpHeaders; newConnection?: boolean } = {},
): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(options.newConnection ? { agent: false } : {}),
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const headers: string[] = []
          const raw = response.rawHeaders
          for (let index = 0; index < raw.length; index += 2)
            if (raw[index]!.toLowerCase() !== 'date')
              headers.push(`${raw[index]}: ${raw[index + 1]}`)
          resolve({
            status: response.statusCode!,
            headers,
            body: Buffer.concat(chunks).toString('base64'),
          })
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end()
  })
}

const header = (received: Received, name: string) =>
  received.headers.find((line) => line.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 2)

type Started = { app: FastifyInstance; url: string; reachedFastify: () => number }

describe('createFastLane', () => {
  let database: FoyerDatabase
  let devnetFile: string
  let stopDevnet: () => Promise<void>
  let tempDir: string
  let address: string
  const started: FastifyInstance[] = []

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-fast-lane-'))
    devnetFile = join(tempDir, 'devnet.json')
    const [opened, devnet] = await Promise.all([
      createDatabase({ dataDir: 'memory://' }),
      startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile }),
    ])
    database = opened
    stopDevnet = devnet.stop
    address = devnet.devnet.accounts[0]!.address
    // A busy machine (PGlite migrations, a devnet) may need minutes.
  }, 240_000)

  afterAll(async () => {
    await Promise.allSettled(started.map((app) => app.close()))
    await Promise.allSettled([stopDevnet?.(), database?.destroy()])
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  /**
   * The same server twice, sharing database and cache (as two processes share PostgreSQL and
   * Redis): with the fast lane, and without it (every request through Fastify).
   */
  async function startPair(
    options: CreateServerOptions = {},
    prepare: (app: FastifyInstance) => void = () => {},
  ) {
    const cache: Cache = createMemoryCache()
    const start = async (fastLane: boolean): Promise<Started> => {
      const app = await createServer({
        database,
        cache,
        devnetFile,
        dev: true,
        logger: false,
        rateLimit: false,
        indexer: { enabled: false },
        fastLane,
        ...options,
      })
      started.push(app)
      let reached = 0
      // Counts what Fastify answers (refusals of the first hooks too): the lane's answers never.
      app.addHook('onSend', (_request, _reply, payload, done) => {
        reached++
        done(null, payload)
      })
      prepare(app)
      const url = await app.listen({ host: '127.0.0.1', port: 0 })
      // As a following indexer would have: history is cached under the indexed state.
      await app.foyer.indexer.sync()
      return { app, url, reachedFastify: () => reached }
    }
    const lane = await start(true)
    const fastify = await start(false)
    // Each server writes a new registry version at its start: the lane's, written last, is the
    // one both read, so the lane's remembered answers do not change version under the test.
    await lane.app.foyer.responses.invalidateRegistry()
    return { lane, fastify, cache }
  }

  /**
   * Sends the request to both servers: the lane's answer equals Fastify's, and the lane's server
   * reached Fastify `throughFastify` times for it.
   */
  async function expectSameAnswer(
    pair: { lane: Started; fastify: Started },
    path: string,
    options: Parameters<typeof exchange>[2],
    throughFastify: 0 | 1,
  ): Promise<Received> {
    const reached = pair.lane.reachedFastify()
    const fromLane = await exchange(pair.lane.url, path, options)
    expect(pair.lane.reachedFastify(), throughFastify ? path : `${path} went through Fastify`).toBe(
      reached + throughFastify,
    )
    const fromFastify = await exchange(pair.fastify.url, path, options)
    expect(fromLane, path).toEqual(fromFastify)
    return fromLane
  }

  /** The lane answers the request without Fastify, with what Fastify answers it. */
  const expectAnsweredAhead = (
    pair: { lane: Started; fastify: Started },
    path: string,
    options: Parameters<typeof exchange>[2] = {},
  ) => expectSameAnswer(pair, path, options, 0)

  /** Fastify answers the request (the lane hands it over), as it does without the lane. */
  const expectHandedToFastify = (
    pair: { lane: Started; fastify: Started },
    path: string,
    options: Parameters<typeof exchange>[2] = {},
  ) => expectSameAnswer(pair, path, options, 1)

  it("answers every route of a dialog's opening byte for byte as Fastify does", async () => {
    const pair = await startPair()
    const list = JSON.parse(
      Buffer.from(
        (await exchange(pair.fastify.url, q('/getWallets', { page: '1', entries: '40' }))).body,
        'base64',
      ).toString(),
    ) as { data: { image_id: string }[] }
    const imageId = list.data[0]!.image_id
    const routes = [
      q('/appkit/v1/config'),
      q('/projects/v1/origins'),
      q('/getWallets', { page: '1', entries: '40' }),
      q('/getWallets', { page: '1', entries: '40', search: 'wallet' }),
      q(`/getWalletImage/${imageId}`),
      `/getWalletImage/${imageId}`,
      q('/getAnalyticsConfig'),
      q(`/v1/account/${address}/balance`, { currency: 'usd', chainId: 'eip155:31337' }),
      q(`/v1/account/${address}/history`, { chainId: 'eip155:31337' }),
    ]
    for (const path of routes) {
      // The first answer is the route's, remembered; a balance's stored texts are then checked
      // once (through Fastify) and trusted for a second.
      const prime = async () => {
        for (const server of [pair.lane, pair.fastify]) {
          await exchange(server.url, path, { headers: browser })
          await exchange(server.url, path, { headers: browser })
        }
      }
      await prime()
      const first = await expectAnsweredAhead(pair, path, { headers: browser })
      expect(first.status, path).toBe(200)
      expect(header(first, 'x-content-type-options')).toBe('nosniff')
      expect(header(first, 'access-control-allow-origin'), path).toBe(
        path.includes('projectId') ? origin : undefined,
      )
      const etag = header(first, 'etag')
      const variants: Parameters<typeof exchange>[2][] = [
        { headers: { ...browser, 'accept-encoding': 'gzip' } },
        { headers: { 'accept-encoding': 'identity' } },
        { method: 'HEAD', headers: browser },
        ...(etag
          ? [
              { headers: { ...browser, 'if-none-match': etag } },
              { headers: { ...browser, 'if-none-match': `"other", W/${etag}` } },
              { method: 'HEAD', headers: { ...browser, 'if-none-match': etag } },
            ]
          : []),
      ]
      for (const variant of variants) {
        await prime()
        const answer = await expectAnsweredAhead(pair, path, variant)
        if (variant?.headers?.['if-none-match']) expect(answer.status, path).toBe(304)
      }
    }
  }, 120_000)

  it('hands a refused origin to Fastify, and answers the allow-list to any origin', async () => {
    const pair = await startPair()
    const config = q('/appkit/v1/config')
    const origins = q('/projects/v1/origins')
    for (const path of [config, origins])
      for (const server of [pair.lane, pair.fastify])
        await exchange(server.url, path, { headers: browser })
    const refused = await expectHandedToFastify(pair, config, {
      headers: { ...browser, origin: refusedOrigin },
    })
    expect(refused.status).toBe(403)
    expect(header(refused, 'access-control-allow-origin')).toBe(refusedOrigin)
    const allowList = await expectAnsweredAhead(pair, origins, {
      headers: { ...browser, origin: refusedOrigin },
    })
    expect(header(allowList, 'access-control-allow-origin')).toBe(refusedOrigin)
  }, 120_000)

  it.each([
    ['client IP', { perIpPerMinute: 4 }],
    ['project', { perProjectPerMinute: 4 }],
  ])(
    'counts each request once against the per-%s limit and refuses past it as Fastify does',
    async (_name, limit) => {
      const pair = await startPair({ rateLimit: limit })
      const path = q('/appkit/v1/config')
      for (const server of [pair.lane, pair.fastify])
        expect((await exchange(server.url, path, { headers: browser })).status).toBe(200)
      for (let request = 2; request <= 4; request++)
        await expectAnsweredAhead(pair, path, { headers: browser })
      const refused = await expectHandedToFastify(pair, path, { headers: browser })
      expect(refused.status).toBe(429)
      expect(Number(header(refused, 'retry-after'))).toBeGreaterThan(0)
    },
    120_000,
  )

  it("answers a project's changed config once the project changed", async () => {
    const id = 'fast-lane-project'
    const change = (name: string, allowedOrigins: string[]) =>
      upsertProject({ db: database.db, id, name, allowedOrigins })
    await change('Before', [origin])
    const pair = await startPair({ projectCacheTtlMs: 100 })
    const path = q('/appkit/v1/config', { projectId: id })
    for (const server of [pair.lane, pair.fastify])
      await exchange(server.url, path, { headers: browser })
    const before = await expectAnsweredAhead(pair, path, { headers: browser })

    await change('After', [refusedOrigin])
    await new Promise((resolve) => setTimeout(resolve, 150))
    const refused = await expectHandedToFastify(pair, path, { headers: browser })
    expect(refused.status).toBe(403)
    const after = await expectHandedToFastify(pair, path, {
      headers: { ...browser, origin: refusedOrigin },
    })
    expect(after.status).toBe(200)
    expect(after.body).not.toBe(before.body)
    expect(Buffer.from(after.body, 'base64').toString()).toContain('"name":"After"')
    await expectAnsweredAhead(pair, path, { headers: { ...browser, origin: refusedOrigin } })
  }, 120_000)

  it('answers the new wallet list once a registry import invalidated the old one', async () => {
    const pair = await startPair()
    const path = q('/getWallets', { search: 'Lane Probe' })
    for (const server of [pair.lane, pair.fastify])
      await exchange(server.url, path, { headers: browser })
    const before = await expectAnsweredAhead(pair, path, { headers: browser })
    const folder = join(tempDir, 'registry')
    mkdirSync(join(folder, 'logos'), { recursive: true })
    writeFileSync(
      join(folder, 'wallets.json'),
      JSON.stringify([{ id: 'lane-probe', name: 'Lane Probe', homepage: 'https://probe.example' }]),
    )
    writeFileSync(join(folder, 'logos', 'lane-probe.png'), 'logo')
    try {
      await importRegistry({ db: database.db, file: join(folder, 'wallets.json') })
      // What `foyer-server registry import` does: both servers share the cache.
      await pair.lane.app.foyer.responses.invalidateRegistry()
      // Past the second a process trusts the registry version it read.
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      const after = await expectHandedToFastify(pair, path, { headers: browser })
      expect(after.body).not.toBe(before.body)
      expect(Buffer.from(after.body, 'base64').toString()).toContain('Lane Probe')
      await expectAnsweredAhead(pair, path, { headers: browser })
    } finally {
      await database.db.deleteFrom('wallets').where('id', '=', 'lane-probe').execute()
      await database.db.deleteFrom('images').where('id', '=', 'lane-probe').execute()
    }
  }, 120_000)

  it('logs the requests it answers as the request log does', async () => {
    const lines = new Map<FastifyInstance, Record<string, unknown>[]>()
    const logger = () => {
      const written: Record<string, unknown>[] = []
      const stream = new Writable({
        write(chunk, _encoding, done) {
          written.push(JSON.parse(String(chunk)))
          done()
        },
      })
      return { written, stream }
    }
    const laneLog = logger()
    const fastifyLog = logger()
    let made = 0
    const cache = createMemoryCache()
    const start = async (fastLane: boolean, log: ReturnType<typeof logger>) => {
      const app = await createServer({
        database,
        cache,
        devnetFile,
        dev: true,
        rateLimit: false,
        indexer: { enabled: false },
        logger: { level: 'info', stream: log.stream },
        requestLogging: { sampleRate: 1 },
        fastLane,
      })
      started.push(app)
      lines.set(app, log.written)
      made++
      return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) }
    }
    const lane = await start(true, laneLog)
    const fastify = await start(false, fastifyLog)
    expect(made).toBe(2)
    const path = q('/appkit/v1/config')
    const completed = (written: Record<string, unknown>[]) =>
      written.filter((line) => line.msg === 'request completed')
    for (const server of [lane, fastify]) {
      await exchange(server.url, path, { headers: browser })
      await exchange(server.url, path, { headers: browser })
    }
    const [laneLine, fastifyLine] = [completed(laneLog.written), completed(fastifyLog.written)].map(
      (written) => {
        expect(written).toHaveLength(2)
        const { time, reqId, responseTime, req, ...rest } = written[1] as Record<string, never> & {
          req: Record<string, unknown>
        }
        expect(reqId).toMatch(/^req-[0-9a-z]+$/)
        expect(typeof responseTime).toBe('number')
        expect(typeof time).toBe('number')
        const { remotePort, host, ...request } = req
        expect(typeof remotePort).toBe('number')
        return { ...rest, req: request, host }
      },
    )
    // Each server is asked at its own address.
    expect(laneLine!.host).toBe(new URL(lane.url).host)
    expect(fastifyLine!.host).toBe(new URL(fastify.url).host)
    delete laneLine!.host
    delete fastifyLine!.host
    expect(laneLine).toEqual(fastifyLine)
    expect(laneLine).toMatchObject({ level: 30, res: { statusCode: 200 }, req: { url: path } })
  }, 120_000)

  it('answers nothing once the server is closing, and lets requests in flight finish', async () => {
    const releases: (() => void)[] = []
    const holds: Promise<void>[] = []
    const pair = await startPair({}, (app) => {
      let release: () => void = () => {}
      const hold = new Promise<void>((resolve) => {
        release = resolve
      })
      releases.push(release)
      holds.push(hold)
      app.get('/test/slow', async () => {
        await hold
        return { finished: true }
      })
      // Keeps the server closing (after the lane stopped answering) while requests come in.
      let closeHeld: () => void = () => {}
      app.addHook('preClose', () => new Promise<void>((resolve) => (closeHeld = resolve)))
      ;(app as unknown as { releaseClose: () => void }).releaseClose = () => closeHeld()
    })
    const path = q('/appkit/v1/config')
    const results: { inFlight: Received; afterClose: Received }[] = []
    for (const [index, server] of [pair.lane, pair.fastify].entries()) {
      await exchange(server.url, path, { headers: browser })
      await exchange(server.url, path, { headers: browser })
      const inFlight = exchange(server.url, '/test/slow', { newConnection: true })
      // The slow request has reached its route.
      await new Promise((resolve) => setTimeout(resolve, 200))
      const closed = server.app.close()
      await new Promise((resolve) => setTimeout(resolve, 50))
      const afterClose = await exchange(server.url, path, { headers: browser, newConnection: true })
      releases[index]!()
      const finished = await inFlight
      ;(server.app as unknown as { releaseClose: () => void }).releaseClose()
      await closed
      results.push({ inFlight: finished, afterClose })
    }
    const [fromLane, fromFastify] = results
    expect(fromLane).toEqual(fromFastify)
    expect(fromLane!.afterClose.status).toBe(503)
    expect(fromLane!.inFlight.status).toBe(200)
    expect(header(fromLane!.inFlight, 'connection')).toBe('close')
  }, 120_000)
})
