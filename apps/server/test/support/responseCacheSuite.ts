import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { type Devnet, startDevnet } from '@foyer/devnet'
import type { GetConfigResponse, GetWalletsResponse } from '@foyer/protocol'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cache, createMemoryCache } from '../../src/cache/createCache.ts'
import { createServer } from '../../src/http/createServer.ts'
import { upsertProject } from '../../src/projects/projects.ts'
import { queryWallets } from '../../src/registry/wallets.ts'
import type { DatabaseFixture } from './serverSuite.ts'

const projectId = 'foyer-dev'
const origin = 'http://localhost:5173'
const q = (path: string, params: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ projectId, ...params })}`

/** What a client receives of an answer, the date aside. */
function received(response: LightMyRequestResponse) {
  const { date: _date, ...headers } = response.headers
  return { status: response.statusCode, headers, body: response.rawPayload.toString('base64') }
}

/** Waits past the time a process trusts the registry version it read (1 s). */
const pastRegistryVersionTtl = () => new Promise((resolve) => setTimeout(resolve, 1_100))

/**
 * Whole-response caching (wallet list, images, project answers, balances): cached answers are the
 * fresh ones byte for byte, change when the registry or the project changes, and are answered 304
 * to a client that has them. Run once per database kind.
 */
export function describeResponseCacheSuite(
  name: string,
  openDatabase: () => Promise<DatabaseFixture>,
): void {
  describe(name, () => {
    let fixture: DatabaseFixture
    let devnet: Devnet
    let stopDevnet: () => Promise<void>
    let tempDir: string
    let app: FastifyInstance
    const started: FastifyInstance[] = []

    async function server(options: Parameters<typeof createServer>[0] = {}) {
      const created = await createServer({
        database: fixture.database,
        logger: false,
        indexer: { enabled: false },
        rateLimit: false,
        ...options,
      })
      started.push(created)
      await created.ready()
      return created
    }

    beforeAll(async () => {
      tempDir = mkdtempSync(join(tmpdir(), 'foyer-response-cache-'))
      const devnetFile = join(tempDir, 'devnet.json')
      const [opened, devnetStarted] = await Promise.all([
        openDatabase(),
        startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile }),
      ])
      fixture = opened
      devnet = devnetStarted.devnet
      stopDevnet = devnetStarted.stop
      app = await server({ dev: true, devnetFile })
      // A busy machine (PGlite migrations, a devnet) may need minutes.
    }, 240_000)

    afterAll(async () => {
      await Promise.allSettled(started.map((s) => s.close()))
      await Promise.allSettled([stopDevnet?.(), fixture?.stop()])
      if (tempDir) rmSync(tempDir, { recursive: true, force: true })
    })

    it('answers a cached wallet list byte for byte as it answered it fresh', async () => {
      const listings: Record<string, string>[] = [
        { page: '2', entries: '3' },
        { search: 'w', entries: '4' },
      ]
      for (const params of listings) {
        const url = q('/getWallets', params)
        const fresh = await app.inject({ url, headers: { origin } })
        const cached = await app.inject({ url, headers: { origin } })
        expect(fresh.statusCode).toBe(200)
        expect(received(cached)).toEqual(received(fresh))
        // The fresh answer is the registry as the database has it, as Fastify would serialise it.
        expect(fresh.body).toBe(
          JSON.stringify(
            await queryWallets({
              db: fixture.database.db,
              page: Number(params.page ?? 1),
              entries: Number(params.entries),
              search: params.search,
            }),
          ),
        )
        expect(fresh.headers['content-type']).toBe('application/json; charset=utf-8')
        expect(fresh.headers['access-control-allow-origin']).toBe(origin)
        // Lists of 1 KiB and more are also sent compressed: caches keep one copy per encoding.
        expect(fresh.headers.vary).toBe(
          fresh.rawPayload.byteLength >= 1_024 ? 'Origin, Accept-Encoding' : 'Origin',
        )
        expect(fresh.headers['cache-control']).toBe('public, max-age=300')
      }
    })

    it('answers a compressed copy to a browser that accepts one, the same bytes fresh and cached', async () => {
      const url = q('/getWallets', { page: '1', entries: '40', search: 'a' })
      const identity = await app.inject({ url, headers: { origin } })
      expect(identity.rawPayload.byteLength).toBeGreaterThan(1_024)
      expect(identity.headers['content-encoding']).toBeUndefined()
      const decode = { gzip: gunzipSync, br: brotliDecompressSync }
      for (const [acceptEncoding, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
      ] as const) {
        const headers = { origin, 'accept-encoding': acceptEncoding }
        const first = await app.inject({ url, headers })
        const again = await app.inject({ url, headers })
        expect(first.headers['content-encoding']).toBe(encoding)
        expect(received(again)).toEqual(received(first))
        expect(decode[encoding](first.rawPayload).toString()).toBe(identity.body)
        expect(first.headers['content-length']).toBe(String(first.rawPayload.byteLength))
        expect(first.rawPayload.byteLength).toBeLessThan(identity.rawPayload.byteLength / 3)
        expect(first.headers.etag).toBe(identity.headers.etag)
        expect(first.headers.vary).toBe('Origin, Accept-Encoding')
      }
    })

    it('refuses an origin the project does not allow, also for a URL answered before', async () => {
      const url = q('/getWallets', { entries: '5' })
      expect((await app.inject({ url, headers: { origin } })).statusCode).toBe(200)
      const refused = await app.inject({ url, headers: { origin: 'https://elsewhere.example' } })
      expect(refused.statusCode).toBe(403)
      expect(refused.headers['access-control-allow-origin']).toBe('https://elsewhere.example')
      // Without an Origin (a server, curl) the answer is given, without CORS headers.
      const noOrigin = await app.inject({ url })
      expect(noOrigin.statusCode).toBe(200)
      expect(noOrigin.headers['access-control-allow-origin']).toBeUndefined()
      const again = await app.inject({ url, headers: { origin } })
      expect(again.headers['access-control-allow-origin']).toBe(origin)
      expect(again.body).toBe(noOrigin.body)
    })

    it('answers a cached balance byte for byte as it answered it fresh', async () => {
      const address = devnet.accounts[4]!.address
      const url = q(`/v1/account/${address}/balance`, { currency: 'usd' })
      const fresh = await app.inject({ url, headers: { origin } })
      const cached = await app.inject({ url, headers: { origin } })
      expect(fresh.statusCode).toBe(200)
      expect(received(cached)).toEqual(received(fresh))
      expect(fresh.body).toBe(JSON.stringify(fresh.json()))
      expect((fresh.json() as { balances: unknown[] }).balances.length).toBeGreaterThan(1)
      // What the cache holds is what is answered: a stored balance that changed (a forced
      // update, another process) is answered at once, also for a URL answered before.
      await app.foyer.cache.setText(`balance:31337:${address.toLowerCase()}`, '[]', 30_000)
      expect((await app.inject({ url, headers: { origin } })).body).toBe('{"balances":[]}')
    })

    it('answers 304 without a body to a client that has the current wallet list, image or config', async () => {
      const list = await app.inject({ url: q('/getWallets', { entries: '1' }) })
      const imageId = (list.json() as GetWalletsResponse).data[0]!.image_id
      for (const url of [
        q('/getWallets', { entries: '2' }),
        q('/getWallets', { search: 'a' }),
        q(`/getWalletImage/${imageId}`),
        q('/appkit/v1/config'),
        q('/projects/v1/origins'),
        q('/getAnalyticsConfig'),
      ]) {
        const first = await app.inject({ url, headers: { origin } })
        expect(first.statusCode, url).toBe(200)
        const etag = first.headers.etag as string
        expect(etag, url).toMatch(/^"[\w-]+"$/)
        expect(first.headers['cache-control'], url).toBeTruthy()
        for (const ifNoneMatch of [etag, `"elsewhere", W/${etag}`, '*']) {
          const again = await app.inject({ url, headers: { origin, 'if-none-match': ifNoneMatch } })
          expect(again.statusCode, url).toBe(304)
          expect(again.rawPayload.byteLength, url).toBe(0)
          expect(again.headers.etag, url).toBe(etag)
          expect(again.headers['access-control-allow-origin'], url).toBe(origin)
        }
        const changed = await app.inject({ url, headers: { origin, 'if-none-match': '"other"' } })
        expect(received(changed), url).toEqual(received(first))
      }
    })

    it('answers the new registry once another process sharing the cache imported it', async () => {
      const cache: Cache = createMemoryCache()
      const registry = (name: string, logo: string) => {
        const folder = join(tempDir, `registry-${name.replace(/\W/g, '')}`)
        mkdirSync(join(folder, 'logos'), { recursive: true })
        writeFileSync(
          join(folder, 'wallets.json'),
          JSON.stringify([{ id: 'cache-probe', name, homepage: 'https://probe.example' }]),
        )
        writeFileSync(join(folder, 'logos', 'cache-probe.png'), logo)
        return join(folder, 'wallets.json')
      }
      try {
        const reader = await server({
          cache,
          dev: true,
          registryFile: registry('Cache Probe One', 'first logo'),
        })
        const search = q('/getWallets', { search: 'Cache Probe' })
        const names = async () =>
          ((await reader.inject({ url: search })).json() as GetWalletsResponse).data.map(
            (wallet) => wallet.name,
          )
        const logo = async () => (await reader.inject({ url: '/getWalletImage/cache-probe' })).body
        expect(await names()).toEqual(['Cache Probe One'])
        expect(await logo()).toBe('first logo')

        // Another process (a restart, a second instance) imports a changed registry.
        await server({ cache, dev: true, registryFile: registry('Cache Probe Two', 'second logo') })
        await pastRegistryVersionTtl()
        expect(await names()).toEqual(['Cache Probe Two'])
        expect(await logo()).toBe('second logo')
      } finally {
        await fixture.database.db.deleteFrom('wallets').where('id', '=', 'cache-probe').execute()
        await fixture.database.db.deleteFrom('images').where('id', '=', 'cache-probe').execute()
      }
    })

    it("answers a project's changed config, origins and CORS once the project changed", async () => {
      const id = 'cache-project'
      const change = (name: string, allowedOrigins: string[]) =>
        upsertProject({ db: fixture.database.db, id, name, allowedOrigins })
      await change('Before', [origin])
      const fresh = await server({ projectCacheTtlMs: 50 })
      const config = (headers: Record<string, string> = {}) =>
        fresh.inject({ url: q('/appkit/v1/config', { projectId: id }), headers })
      const before = await config({ origin })
      expect((before.json() as GetConfigResponse).name).toBe('Before')
      expect(before.headers['access-control-allow-origin']).toBe(origin)

      const otherOrigin = 'https://app.example.com'
      await change('After', [otherOrigin])
      await new Promise((resolve) => setTimeout(resolve, 60))
      const after = await config({
        origin: otherOrigin,
        'if-none-match': before.headers.etag as string,
      })
      expect(after.statusCode).toBe(200)
      expect((after.json() as GetConfigResponse).name).toBe('After')
      expect(after.headers.etag).not.toBe(before.headers.etag)
      expect(after.headers['access-control-allow-origin']).toBe(otherOrigin)
      const origins = await fresh.inject({ url: q('/projects/v1/origins', { projectId: id }) })
      expect(origins.json()).toEqual({ allowedOrigins: [otherOrigin] })
      const analytics = () =>
        fresh.inject({
          url: q('/getAnalyticsConfig', { projectId: id }),
          headers: { origin: otherOrigin },
        })
      expect((await analytics()).json()).toEqual({ isAnalyticsEnabled: true })
      await upsertProject({
        db: fixture.database.db,
        id,
        name: 'After',
        allowedOrigins: [otherOrigin],
        features: { analytics: false },
      })
      await new Promise((resolve) => setTimeout(resolve, 60))
      expect((await analytics()).json()).toEqual({ isAnalyticsEnabled: false })
      // The origin allowed before is refused now.
      expect((await config({ origin })).statusCode).toBe(403)
    })
  })
}
