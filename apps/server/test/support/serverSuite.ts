import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type Devnet,
  ensRegistryAbi,
  erc20Abi,
  erc721Abi,
  publicResolverAbi,
  reverseRegistrarAbi,
  startDevnet,
  toViemChain,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
} from '@foyer/devnet'
import {
  type GetBalanceResponse,
  type GetHistoryResponse,
  type GetIdentityResponse,
  type GetNftsResponse,
  type GetProfileReverseResponse,
  type GetWalletsResponse,
  maxEventPropsDepth,
  type NameProfile,
} from '@foyer/protocol'
import {
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  pipe,
  type Address as SolanaAddress,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import {
  createPublicClient,
  createWalletClient,
  formatUnits,
  type Hash,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { labelhash, namehash } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryEvents } from '../../src/analytics/events.ts'
import { createMemoryCache } from '../../src/cache/createCache.ts'
import { loadDevnetChains, loadDevnetSolanaChains } from '../../src/chains/loadDevnetChains.ts'
import type { FoyerDatabase } from '../../src/db/createDatabase.ts'
import { identityCacheTtlMs } from '../../src/http/blockchainRoutes.ts'
import { createServer } from '../../src/http/createServer.ts'
import { upsertProject } from '../../src/projects/projects.ts'
import { importRegistry } from '../../src/registry/wallets.ts'
import {
  type StartCountingRpcProxyReturnType,
  startCountingRpcProxy,
} from './startCountingRpcProxy.ts'

export const sharedRegistryFile = fileURLToPath(
  new URL('../../../../data/wallet-registry/wallets.json', import.meta.url),
)
const registryFile = process.env.FOYER_REGISTRY_FILE ?? sharedRegistryFile
const logoTypes: Record<string, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
}

export type DatabaseFixture = { database: FoyerDatabase; stop: () => Promise<void> }

const projectId = 'foyer-dev'
const q = (path: string, params: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ projectId, st: 'foyer', sv: 'test', ...params })}`

/**
 * The server's integration suite against real anvil chains (with the devnet's tokens and Uniswap
 * V2 pools) and the given database. Run once per database kind.
 */
export function describeServerSuite(
  name: string,
  openDatabase: () => Promise<DatabaseFixture>,
): void {
  describe(name, () => {
    let app: FastifyInstance
    let devnet: Devnet
    let stopDevnet: () => Promise<void>
    let fixture: DatabaseFixture
    let tempDir: string
    let devnetFile: string
    /** Every RPC endpoint the server uses goes through a counting proxy. */
    let rpcProxies: StartCountingRpcProxyReturnType[] = []
    const rpcCallCount = () => rpcProxies.reduce((sum, proxy) => sum + proxy.calls().length, 0)

    beforeAll(async () => {
      tempDir = mkdtempSync(join(tmpdir(), 'foyer-server-test-'))
      devnetFile = join(tempDir, 'devnet.json')
      const [started, opened] = await Promise.all([
        startDevnet({
          chains: [
            { chainId: 31337, port: 0 },
            { chainId: 31338, port: 0 },
          ],
          solana: { port: 0 },
          outFile: devnetFile,
        }),
        openDatabase(),
      ])
      devnet = started.devnet
      stopDevnet = started.stop
      fixture = opened
      const rpcUrls = [...devnet.chains.map((chain) => chain.rpcUrl), devnet.solana!.rpcUrl]
      rpcProxies = await Promise.all(rpcUrls.map((target) => startCountingRpcProxy({ target })))
      const proxied = (url: string) => rpcProxies[rpcUrls.indexOf(url)]!.url
      app = await createServer({
        database: fixture.database,
        chains: (await loadDevnetChains(devnetFile)).map((chain) => ({
          ...chain,
          rpcUrl: proxied(chain.rpcUrl),
        })),
        solanaChains: (await loadDevnetSolanaChains(devnetFile)).map((chain) => ({
          ...chain,
          rpcUrl: proxied(chain.rpcUrl),
        })),
        dev: true,
        registryFile: existsSync(registryFile) ? registryFile : undefined,
        logger: false,
        indexer: { enabled: false },
        port: 4400,
      })
      await app.ready()
    })

    afterAll(async () => {
      await app?.close()
      await Promise.allSettled([
        stopDevnet?.(),
        fixture?.stop(),
        ...rpcProxies.map((proxy) => proxy.stop()),
      ])
      if (tempDir) rmSync(tempDir, { recursive: true, force: true })
    })

    const chainA = () => devnet.chains[0]!
    const clients = () => {
      const chain = toViemChain(chainA())
      return {
        publicClient: createPublicClient({ chain, transport: http(chainA().rpcUrl) }),
        wallet: (index: number) =>
          createWalletClient({
            chain,
            account: privateKeyToAccount(devnet.accounts[index]!.privateKey),
            transport: http(chainA().rpcUrl),
          }),
      }
    }
    const solanaChainId = () => `solana:${devnet.solana!.genesisHash.slice(0, 32)}`
    const token = (symbol: string) => chainA().tokens.find((t) => t.symbol === symbol)!
    const getJson = async <T>(url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ url, headers })
      return { status: response.statusCode, body: response.json() as T, headers: response.headers }
    }

    it('answers the health check', async () => {
      expect((await getJson('/health')).body).toEqual({ status: 'ok' })
    })

    describe('projects', () => {
      it('refuses an unknown project id with the invalid-key message', async () => {
        const { status, body } = await getJson<{ message: string }>(
          q('/appkit/v1/config', { projectId: 'nobody' }),
        )
        expect(status).toBe(403)
        expect(body.message).toBe('Unauthorized: invalid key')
      })

      it('reports a missing project id as not configured', async () => {
        const { status, body } = await getJson<{ code: string; field: string }>('/getWallets')
        expect(status).toBe(400)
        expect(body).toMatchObject({ code: 'PROJECT_ID_MISSING', field: 'projectId' })
      })

      it('serves features and allowed origins of the development project', async () => {
        const config = await getJson<{ features: { email: boolean; multiWallet: boolean } }>(
          q('/appkit/v1/config'),
        )
        expect(config.body.features).toMatchObject({ email: true, multiWallet: false })
        const origins = await getJson(q('/projects/v1/origins'))
        expect(origins.body).toEqual({
          allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
        })
        expect((await getJson(q('/getAnalyticsConfig'))).body).toEqual({ isAnalyticsEnabled: true })
      })

      it('sends data with CORS headers only to allowed origins and refuses other origins', async () => {
        const allowed = await getJson(q('/getWallets', { entries: '1' }), {
          origin: 'http://localhost:5173',
        })
        expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173')
        const refused = await getJson<{ message: string }>(q('/getWallets', { entries: '1' }), {
          origin: 'https://evil.example',
        })
        expect(refused.status).toBe(403)
        expect(refused.body.message).toBe('Unauthorized: origin not allowed')
      })
    })

    describe('CORS over HTTP', () => {
      const allowedOrigin = 'http://localhost:5173'
      const foreignOrigin = 'https://evil.example'
      const otherProject = { id: 'cors-other', origin: 'https://other.example' }
      const started: FastifyInstance[] = []

      /** A server of its own on a loopback port, with the given per-minute limits. */
      async function listening(rateLimit: { perIpPerMinute: number; perProjectPerMinute: number }) {
        const server = await createServer({
          database: fixture.database,
          logger: false,
          indexer: { enabled: false },
          rateLimit,
        })
        started.push(server)
        await server.listen({ host: '127.0.0.1', port: 0 })
        const { port } = server.server.address() as { port: number }
        return (path: string, params: Record<string, string> = {}) =>
          `http://127.0.0.1:${port}${path}?${new URLSearchParams({ projectId, ...params })}`
      }
      let url: Awaited<ReturnType<typeof listening>>

      beforeAll(async () => {
        await upsertProject({
          db: fixture.database.db,
          id: otherProject.id,
          name: 'CORS other',
          allowedOrigins: [otherProject.origin],
        })
        url = await listening({ perIpPerMinute: 1_000, perProjectPerMinute: 1_000 })
      })
      afterAll(async () => {
        await Promise.allSettled(started.map((server) => server.close()))
      })

      /** What a browser needs to hand an error response to the page that asked. */
      function expectReadableError(response: Response, origin: string) {
        expect(response.headers.get('access-control-allow-origin')).toBe(origin)
        expect(response.headers.get('vary')).toMatch(/\bOrigin\b/i)
        expect(response.headers.get('access-control-allow-credentials')).toBeNull()
      }

      it('lets a browser read why a project id was refused', async () => {
        const response = await fetch(url('/appkit/v1/config', { projectId: 'nobody' }), {
          headers: { origin: foreignOrigin },
        })
        expect(response.status).toBe(403)
        expectReadableError(response, foreignOrigin)
        expect(await response.json()).toMatchObject({
          code: 'INVALID_PROJECT_ID',
          message: 'Unauthorized: invalid key',
        })
      })

      it('lets a browser read that its origin is not allowed', async () => {
        const response = await fetch(url('/getWallets', { entries: '1' }), {
          headers: { origin: foreignOrigin },
        })
        expect(response.status).toBe(403)
        expectReadableError(response, foreignOrigin)
        expect(await response.json()).toMatchObject({
          code: 'ORIGIN_NOT_ALLOWED',
          message: 'Unauthorized: origin not allowed',
        })
      })

      it('lets a browser read which input was refused', async () => {
        const response = await fetch(url('/getWallets', { page: 'two' }), {
          headers: { origin: foreignOrigin },
        })
        expect(response.status).toBe(400)
        expectReadableError(response, foreignOrigin)
        expect(await response.json()).toMatchObject({ code: 'INVALID_INPUT', field: 'page' })
      })

      it('answers the preflight of a JSON analytics POST from any origin, then lets the browser read the 403', async () => {
        const stored = async () =>
          (await queryEvents({ db: fixture.database.db, limit: 1_000 })).length
        const before = await stored()
        const preflight = await fetch(url('/e'), {
          method: 'OPTIONS',
          headers: {
            origin: foreignOrigin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        })
        expect(preflight.status).toBe(204)
        expect(preflight.headers.get('access-control-allow-origin')).toBe(foreignOrigin)
        expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
        expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type')

        const event = {
          eventId: 'cors-1',
          url: `${foreignOrigin}/`,
          domain: 'evil.example',
          timestamp: Date.now(),
          props: { type: 'track', event: 'MODAL_OPEN' },
        }
        for (const [id, code] of [
          [projectId, 'ORIGIN_NOT_ALLOWED'],
          ['nobody', 'INVALID_PROJECT_ID'],
        ] as const) {
          const response = await fetch(url('/e', { projectId: id }), {
            method: 'POST',
            headers: { origin: foreignOrigin, 'content-type': 'application/json' },
            body: JSON.stringify(event),
          })
          expect(response.status).toBe(403)
          expectReadableError(response, foreignOrigin)
          expect(((await response.json()) as { code: string }).code).toBe(code)
        }
        expect(await stored()).toBe(before)
      })

      it('hands data only to the origins the project allows', async () => {
        // Another origin gets a refusal it can read, and none of the project's data.
        const foreign = await fetch(url('/appkit/v1/config'), {
          headers: { origin: foreignOrigin },
        })
        expect(foreign.status).toBe(403)
        expect(JSON.stringify(await foreign.json())).not.toContain('features')
        const allowed = await fetch(url('/appkit/v1/config'), {
          headers: { origin: allowedOrigin },
        })
        expect(allowed.status).toBe(200)
        expect(allowed.headers.get('access-control-allow-origin')).toBe(allowedOrigin)
        expect(allowed.headers.get('vary')).toMatch(/\bOrigin\b/i)
        // Another project's allowed origin is foreign to this one.
        const other = await fetch(url('/appkit/v1/config'), {
          headers: { origin: otherProject.origin },
        })
        expect(other.status).toBe(403)
      })

      it('lets any page read the allow-list, so a page outside it can say so (Unverified Domain)', async () => {
        const foreign = await fetch(url('/projects/v1/origins'), {
          headers: { origin: foreignOrigin },
        })
        expect(foreign.status).toBe(200)
        expect(foreign.headers.get('access-control-allow-origin')).toBe(foreignOrigin)
        expect(foreign.headers.get('access-control-allow-credentials')).toBeNull()
        expect(
          ((await foreign.json()) as { allowedOrigins: string[] }).allowedOrigins,
        ).not.toContain(foreignOrigin)
      })

      it('lets a browser read the per-IP rate limit, and still answers its preflight', async () => {
        const limited = await listening({ perIpPerMinute: 3, perProjectPerMinute: 1_000 })
        for (let i = 0; i < 3; i++) {
          const response = await fetch(limited('/getAnalyticsConfig'), {
            headers: { origin: allowedOrigin },
          })
          expect(response.status).toBe(200)
        }
        for (const origin of [allowedOrigin, foreignOrigin]) {
          const response = await fetch(limited('/getAnalyticsConfig'), { headers: { origin } })
          expect(response.status).toBe(429)
          expectReadableError(response, origin)
          expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
          expect(response.headers.get('access-control-expose-headers')).toMatch(/retry-after/i)
          expect(await response.json()).toMatchObject({
            code: 'RATE_LIMITED',
            message: 'Rate Limited',
          })
        }
        const preflight = await fetch(limited('/e'), {
          method: 'OPTIONS',
          headers: { origin: allowedOrigin, 'access-control-request-method': 'POST' },
        })
        expect(preflight.status).toBe(204)
        expect(preflight.headers.get('access-control-allow-origin')).toBe(allowedOrigin)
      })

      it('limits each project per minute and lets the browser read the refusal', async () => {
        const limited = await listening({ perIpPerMinute: 1_000, perProjectPerMinute: 3 })
        const config = (id: string, origin: string) =>
          fetch(limited('/appkit/v1/config', { projectId: id }), { headers: { origin } })
        for (let i = 0; i < 3; i++)
          expect((await config(projectId, allowedOrigin)).status).toBe(200)
        const refused = await config(projectId, allowedOrigin)
        expect(refused.status).toBe(429)
        expectReadableError(refused, allowedOrigin)
        expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
        expect(await refused.json()).toMatchObject({
          code: 'RATE_LIMITED',
          message: 'Rate Limited',
        })
        // Another project has its own budget.
        const other = await config(otherProject.id, otherProject.origin)
        expect(other.status).toBe(200)
        expect(other.headers.get('access-control-allow-origin')).toBe(otherProject.origin)
      })
    })

    describe('wallet registry', () => {
      const file = existsSync(registryFile)
        ? (Object.values(JSON.parse(readFileSync(registryFile, 'utf8'))) as {
            id: string
            name: string
            chains: string[]
          }[])
        : []

      it.runIf(file.length > 0)(
        'pages through exactly the imported registry, 40 at a time',
        async () => {
          const seen: string[] = []
          let count = 0
          for (let page = 1; page <= 10; page++) {
            const { body } = await getJson<GetWalletsResponse>(
              q('/getWallets', { page: String(page), entries: '40' }),
            )
            count = body.count
            expect(body.data.length).toBeLessThanOrEqual(40)
            if (body.data.length === 0) break
            seen.push(...body.data.map((wallet) => wallet.id))
          }
          expect(new Set(seen).size).toBe(seen.length)
          expect(new Set(seen)).toEqual(new Set(file.map((wallet) => wallet.id)))
          expect(count).toBe(file.length)
        },
      )

      it.runIf(file.length > 0)('searches wallet names case-insensitively', async () => {
        const { body } = await getJson<GetWalletsResponse>(
          q('/getWallets', { search: 'WALLET', entries: '40' }),
        )
        const expected = file.filter((wallet) => wallet.name.toLowerCase().includes('wallet'))
        expect(body.count).toBe(Math.min(expected.length, 100))
        const firstPage = new Set(body.data.map((wallet) => wallet.id))
        expect(firstPage.size).toBe(Math.min(expected.length, 40))
        for (const id of firstPage) expect(expected.map((w) => w.id)).toContain(id)
      })

      it.runIf(file.length > 0)('filters by chain, include and exclude', async () => {
        const bsc = await getJson<GetWalletsResponse>(q('/getWallets', { chains: 'eip155:56' }))
        expect(bsc.body.count).toBe(
          file.filter((wallet) => wallet.chains.includes('eip155:56')).length,
        )
        const [first, second] = file
        const included = await getJson<GetWalletsResponse>(
          q('/getWallets', { include: `${first!.id},${second!.id}`, exclude: second!.id }),
        )
        expect(included.body.data.map((wallet) => wallet.id)).toEqual([first!.id])
      })

      it('caps a search at 100 wallets and counts only those 100', async () => {
        // More matches than the cap, imported through the real registry import.
        const folder = join(tempDir, 'many-wallets')
        mkdirSync(folder, { recursive: true })
        const many = Array.from({ length: 130 }, (_, i) => ({
          id: `capped-${String(i).padStart(3, '0')}`,
          name: `Capped Search Wallet ${i}`,
          homepage: 'https://capped.example',
          chains: [],
        }))
        writeFileSync(join(folder, 'wallets.json'), JSON.stringify(many))
        expect(
          (await importRegistry({ db: fixture.database.db, file: join(folder, 'wallets.json') }))
            .wallets,
        ).toBe(130)
        try {
          const pages: GetWalletsResponse[] = []
          for (let page = 1; page <= 4; page++) {
            pages.push(
              (
                await getJson<GetWalletsResponse>(
                  q('/getWallets', { search: 'capped search', page: String(page), entries: '40' }),
                )
              ).body,
            )
          }
          expect(pages.map((page) => page.count)).toEqual([100, 100, 100, 100])
          expect(pages.map((page) => page.data.length)).toEqual([40, 40, 20, 0])
          // The first 100 in listing order (import order), each once.
          expect(pages.flatMap((page) => page.data.map((wallet) => wallet.id))).toEqual(
            many.slice(0, 100).map((wallet) => wallet.id),
          )
        } finally {
          await fixture.database.db.deleteFrom('wallets').where('id', 'like', 'capped-%').execute()
        }
      })

      it('serves an image for every listed wallet: imported logos byte for byte, icons otherwise', async () => {
        const logosFolder = join(registryFile, '..', 'logos')
        const imported = new Set(file.map((wallet) => wallet.id))
        // Logos are imported for the listings of the registry file only.
        const logoOf = (id: string) => {
          if (!imported.has(id)) return undefined
          for (const [extension, contentType] of Object.entries(logoTypes)) {
            const file = join(logosFolder, `${id}.${extension}`)
            if (existsSync(file)) return { contentType, bytes: readFileSync(file) }
          }
          return undefined
        }
        const wallets: GetWalletsResponse['data'] = []
        for (let page = 1; page <= 10; page++) {
          const { body } = await getJson<GetWalletsResponse>(
            q('/getWallets', { page: String(page), entries: '40' }),
          )
          if (body.data.length === 0) break
          wallets.push(...body.data)
        }
        expect(wallets.length).toBeGreaterThan(0)
        let logos = 0
        for (const wallet of wallets) {
          const image = await app.inject({ url: `/getWalletImage/${wallet.image_id}` })
          expect(image.statusCode).toBe(200)
          const logo = logoOf(wallet.image_id)
          if (logo && logo.bytes.byteLength <= 512 * 1024) {
            logos++
            expect(image.headers['content-type']).toBe(logo.contentType)
            expect(Buffer.compare(image.rawPayload, logo.bytes)).toBe(0)
          } else {
            expect(image.headers['content-type']).toBe('image/svg+xml')
            expect(image.body).toMatch(/^<svg[\s>]/)
          }
        }
        if (file.length > 0) expect(logos).toBeGreaterThan(0)
      })
    })

    describe('balances and prices', () => {
      const recipient = privateKeyToAccount(`0x${'7'.repeat(64)}`).address
      let swappedWeth: bigint

      beforeAll(async () => {
        const { publicClient, wallet } = clients()
        const sender = wallet(1)
        const usdc = token('USDC')
        const weth = token('WETH')
        const router = chainA().contracts.uniswapV2Router02
        const hashes: Hash[] = []
        hashes.push(await sender.sendTransaction({ to: recipient, value: parseEther('1.5') }))
        hashes.push(
          await sender.writeContract({
            address: usdc.address,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient, parseUnits('250', 6)],
          }),
        )
        hashes.push(
          await sender.writeContract({
            address: usdc.address,
            abi: erc20Abi,
            functionName: 'approve',
            args: [router, parseUnits('1000', 6)],
          }),
        )
        const before = await publicClient.readContract({
          address: weth.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [recipient],
        })
        hashes.push(
          await sender.writeContract({
            address: router,
            abi: uniswapV2Router02Abi,
            functionName: 'swapExactTokensForTokens',
            args: [parseUnits('1000', 6), 0n, [usdc.address, weth.address], recipient, 2n ** 40n],
          }),
        )
        for (const hash of hashes) {
          const receipt = await publicClient.waitForTransactionReceipt({ hash })
          expect(receipt.status).toBe('success')
        }
        const after = await publicClient.readContract({
          address: weth.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [recipient],
        })
        swappedWeth = after - before
      })

      async function poolPrice(symbol: 'WETH' | 'DAI'): Promise<number> {
        const { publicClient } = clients()
        const usdc = token('USDC')
        const other = token(symbol)
        const pool = chainA().pools.find(
          (p) =>
            [p.token0, p.token1].includes(usdc.address) &&
            [p.token0, p.token1].includes(other.address),
        )!
        const [reserve0, reserve1] = await publicClient.readContract({
          address: pool.address,
          abi: uniswapV2PairAbi,
          functionName: 'getReserves',
        })
        const usdcReserve = pool.token0 === usdc.address ? reserve0 : reserve1
        const otherReserve = pool.token0 === usdc.address ? reserve1 : reserve0
        return (
          Number(formatUnits(usdcReserve, 6)) / Number(formatUnits(otherReserve, other.decimals))
        )
      }

      it('reports native and token balances as anvil holds them, valued at pool prices', async () => {
        const { publicClient } = clients()
        const { status, body } = await getJson<GetBalanceResponse>(
          q(`/v1/account/${recipient}/balance`, {
            chainId: 'eip155:31337',
            currency: 'usd',
            forceUpdate: 'true',
          }),
        )
        expect(status).toBe(200)
        const native = body.balances.find((b) => b.address === undefined)!
        expect(native.quantity.numeric).toBe(
          formatUnits(await publicClient.getBalance({ address: recipient }), 18),
        )
        expect(native.symbol).toBe('ETH')
        const wethPrice = await poolPrice('WETH')
        expect(native.priceSource).toBe('onchain-pool')
        expect(native.price).toBeCloseTo(wethPrice, 6)
        expect(native.value).toBeCloseTo(1.5 * wethPrice, 4)

        const usdc = body.balances.find((b) => b.symbol === 'USDC')!
        expect(usdc).toMatchObject({
          address: `eip155:31337:${token('USDC').address}`,
          chainId: 'eip155:31337',
          price: 1,
          value: 250,
          quantity: { decimals: '6', numeric: '250' },
        })
        const weth = body.balances.find((b) => b.symbol === 'WETH')!
        expect(weth.quantity.numeric).toBe(formatUnits(swappedWeth, 18))
        expect(weth.price).toBeCloseTo(wethPrice, 6)
        expect(weth.value).toBeCloseTo(Number(formatUnits(swappedWeth, 18)) * wethPrice, 4)
        expect(body.balances.some((b) => b.symbol === 'DAI')).toBe(false)
      })

      it('serves cached balances for 30 s unless forceUpdate is set', async () => {
        const { publicClient, wallet } = clients()
        const url = (force: boolean) =>
          q(`/v1/account/${recipient}/balance`, {
            chainId: 'eip155:31337',
            forceUpdate: String(force),
          })
        const before = (await getJson<GetBalanceResponse>(url(false))).body
        const hash = await wallet(1).sendTransaction({ to: recipient, value: parseEther('0.25') })
        await publicClient.waitForTransactionReceipt({ hash })
        const cached = (await getJson<GetBalanceResponse>(url(false))).body
        expect(cached).toEqual(before)
        const fresh = (await getJson<GetBalanceResponse>(url(true))).body
        expect(fresh.balances[0]!.quantity.numeric).toBe('1.75')
      })

      it('prices tokens on request and marks networks it does not serve as unpriced', async () => {
        const response = await app.inject({
          method: 'POST',
          url: q('/v1/fungible/price'),
          payload: {
            projectId,
            currency: 'usd',
            addresses: [
              `eip155:31337:${token('DAI').address}`,
              'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F',
            ],
          },
        })
        expect(response.statusCode).toBe(200)
        const { fungibles } = response.json() as {
          fungibles: { price: number; priceSource: string; symbol: string }[]
        }
        expect(fungibles[0]).toMatchObject({ symbol: 'DAI', priceSource: 'onchain-pool' })
        expect(fungibles[0]!.price).toBeCloseTo(await poolPrice('DAI'), 6)
        expect(fungibles[1]).toMatchObject({ price: 0, priceSource: 'unavailable' })
      })

      it('answers an unsupported network with no balances, without asking any node', async () => {
        const before = rpcCallCount()
        const { status, body } = await getJson(
          q(`/v1/account/${recipient}/balance`, { chainId: 'eip155:1', forceUpdate: 'true' }),
        )
        expect(status).toBe(200)
        expect(body).toEqual({ balances: [] })
        const unpriced = await app.inject({
          method: 'POST',
          url: q('/v1/fungible/price'),
          payload: {
            currency: 'usd',
            addresses: ['eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F'],
          },
        })
        expect(unpriced.json()).toMatchObject({
          fungibles: [{ price: 0, priceSource: 'unavailable' }],
        })
        expect(rpcCallCount()).toBe(before)
        // The counter sees the node traffic of a network the server does serve.
        await getJson(
          q(`/v1/account/${recipient}/balance`, { chainId: 'eip155:31337', forceUpdate: 'true' }),
        )
        expect(rpcCallCount()).toBeGreaterThan(before)
      })

      it('takes the project of a price request from the query when the body has none', async () => {
        const dai = `eip155:31337:${token('DAI').address}`
        const fromQuery = await app.inject({
          method: 'POST',
          url: q('/v1/fungible/price'),
          payload: { currency: 'usd', addresses: [dai] },
        })
        expect(fromQuery.statusCode).toBe(200)
        expect(fromQuery.json()).toMatchObject({
          fungibles: [{ address: dai, symbol: 'DAI', priceSource: 'onchain-pool' }],
        })
        const fromBody = await app.inject({
          method: 'POST',
          url: '/v1/fungible/price',
          payload: { projectId, currency: 'usd', addresses: [dai] },
        })
        expect(fromBody.json()).toEqual(fromQuery.json())
      })

      it('refuses a price request naming two different projects, or none', async () => {
        const valid = {
          currency: 'usd',
          addresses: [`eip155:31337:${token('DAI').address}`],
        }
        const mismatch = await app.inject({
          method: 'POST',
          url: q('/v1/fungible/price'),
          payload: { projectId: 'someone-else', ...valid },
        })
        expect(mismatch.statusCode).toBe(400)
        expect(mismatch.json()).toMatchObject({ code: 'INVALID_INPUT', field: 'projectId' })
        const none = await app.inject({ method: 'POST', url: '/v1/fungible/price', payload: valid })
        expect(none.statusCode).toBe(400)
        expect(none.json()).toMatchObject({ code: 'PROJECT_ID_MISSING', field: 'projectId' })
      })

      it('lists the transfers and the swap in the history, newest first', async () => {
        await app.foyer.indexer.sync()
        const { body } = await getJson<GetHistoryResponse>(
          q(`/v1/account/${recipient}/history`, { chainId: 'eip155:31337' }),
        )
        const kinds = body.data.map((tx) =>
          tx.transfers
            .map((t) => `${t.direction} ${t.quantity.numeric} ${t.fungible_info.symbol}`)
            .join(','),
        )
        expect(kinds).toEqual([
          'in 0.25 ETH',
          `in ${formatUnits(swappedWeth, 18)} WETH`,
          'in 250 USDC',
          'in 1.5 ETH',
        ])
        expect(body.data.every((tx) => tx.metadata.operationType === 'receive')).toBe(true)
        expect(body.next).toBeNull()
      })
    })

    describe('Solana balances', () => {
      const solana = () => devnet.solana!
      const solanaRpc = () => createSolanaRpc(solana().rpcUrl)
      const balances = async (address: string, chainId = solanaChainId()) =>
        (
          await getJson<GetBalanceResponse>(
            q(`/v1/account/${address}/balance`, { chainId, forceUpdate: 'true' }),
          )
        ).body.balances
      const sol = (entries: GetBalanceResponse['balances']) =>
        entries.find((entry) => entry.symbol === 'SOL' && entry.address === undefined)!
      const rpcLamports = async (address: string) =>
        (
          await solanaRpc()
            .getBalance(address as SolanaAddress, { commitment: 'confirmed' })
            .send()
        ).value

      it('answers SOL and the devnet USDC of a dev account as the Solana RPC reports them', async () => {
        const owner = solana().accounts[0]!.address
        const usdc = solana().tokens[0]!
        const { value: tokenAccounts } = await solanaRpc()
          .getTokenAccountsByOwner(
            owner,
            { mint: usdc.address },
            { encoding: 'jsonParsed', commitment: 'confirmed' },
          )
          .send()
        const rpcUsdc = (
          tokenAccounts[0]!.account.data.parsed.info as { tokenAmount: { amount: string } }
        ).tokenAmount.amount

        const body = await balances(owner)
        expect(body).toEqual([
          {
            name: 'Solana',
            symbol: 'SOL',
            chainId: solanaChainId(),
            value: 0,
            price: 0,
            priceSource: 'unavailable',
            quantity: { decimals: '9', numeric: formatUnits(await rpcLamports(owner), 9) },
            iconUrl: expect.stringContaining('/public/getTokenImage/SOL'),
          },
          {
            name: usdc.name,
            symbol: 'USDC',
            chainId: solanaChainId(),
            address: `${solanaChainId()}:${usdc.address}`,
            value: 0,
            price: 0,
            priceSource: 'unavailable',
            quantity: { decimals: '6', numeric: formatUnits(BigInt(rpcUsdc), 6) },
            iconUrl: expect.stringContaining('/public/getTokenImage/USDC'),
          },
        ])
        // The whole answer without a chainId holds the same Solana entries.
        const all = await getJson<GetBalanceResponse>(q(`/v1/account/${owner}/balance`))
        expect(all.body.balances).toEqual(body)
      })

      it('follows a real SOL transfer for both the sender and the receiver', async () => {
        const sender = await createKeyPairSignerFromBytes(
          new Uint8Array(solana().accounts[1]!.secretKey),
        )
        const receiver = (await generateKeyPairSigner()).address
        const senderBefore = await rpcLamports(sender.address)
        expect(sol(await balances(sender.address)).quantity.numeric).toBe(
          formatUnits(senderBefore, 9),
        )
        // A key the cluster has never seen holds nothing and is answered as 0 SOL.
        expect(await balances(receiver)).toEqual([
          expect.objectContaining({ symbol: 'SOL', quantity: { decimals: '9', numeric: '0' } }),
        ])

        const amount = 500_000_000n
        const rpc = solanaRpc()
        const { value: latestBlockhash } = await rpc.getLatestBlockhash().send()
        const transaction = await signTransactionMessageWithSigners(
          pipe(
            createTransactionMessage({ version: 0 }),
            (m) => setTransactionMessageFeePayerSigner(sender, m),
            (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
            (m) =>
              appendTransactionMessageInstructions(
                [getTransferSolInstruction({ source: sender, destination: receiver, amount })],
                m,
              ),
          ),
        )
        assertIsTransactionWithBlockhashLifetime(transaction)
        await sendAndConfirmTransactionFactory({
          rpc,
          rpcSubscriptions: createSolanaRpcSubscriptions(solana().wsUrl),
        })(transaction, { commitment: 'confirmed' })

        const senderAfter = await rpcLamports(sender.address)
        expect(senderAfter).toBeLessThan(senderBefore - amount)
        expect(sol(await balances(sender.address)).quantity.numeric).toBe(
          formatUnits(senderAfter, 9),
        )
        expect(sol(await balances(receiver)).quantity.numeric).toBe('0.5')
        expect(await rpcLamports(receiver)).toBe(amount)
      })

      it('answers no balances for networks of another namespace or that it does not serve, without asking any node', async () => {
        const owner = solana().accounts[0]!.address
        const before = rpcCallCount()
        expect(await balances(owner, 'eip155:31337')).toEqual([])
        expect(await balances(owner, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual([])
        expect(await balances(devnet.accounts[0]!.address, solanaChainId())).toEqual([])
        expect(rpcCallCount()).toBe(before)
      })

      it('refuses an address that is neither EVM nor base58', async () => {
        const { status, body } = await getJson<{ code: string; field: string }>(
          q('/v1/account/not-an-address!/balance'),
        )
        expect(status).toBe(400)
        expect(body).toMatchObject({ code: 'INVALID_INPUT', field: 'address' })
      })
    })

    describe('NFT holdings', () => {
      const nfts = async (address: string, params: Record<string, string> = {}) =>
        getJson<GetNftsResponse>(
          q(`/v1/account/${address}/nfts`, { chainId: 'eip155:31337', ...params }),
        )

      it('lists the ERC-721 tokens an account owns with name and on-chain image', async () => {
        await app.foyer.indexer.sync()
        const { status, body } = await nfts(devnet.accounts[0]!.address)
        expect(status).toBe(200)
        const collection = chainA().contracts.nft.toLowerCase()
        const owned = body.data.filter((nft) => nft.contract === collection)
        expect(owned.map((nft) => nft.tokenId)).toEqual(['1', '3'])
        expect(owned[0]).toMatchObject({
          chainId: 'eip155:31337',
          name: 'Foyer Devnet Punk #1',
          description: 'A sample NFT on the Foyer local devnet.',
          collection: { name: 'Foyer Devnet Punks' },
        })
        expect(owned[0]!.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/)
        const svg = Buffer.from(owned[0]!.imageUrl!.split(',')[1]!, 'base64').toString('utf8')
        expect(svg).toContain('<svg')
        expect(
          (await nfts(devnet.accounts[1]!.address)).body.data.map((nft) => nft.tokenId),
        ).toEqual(['2'])
      })

      it('follows a transfer to the new owner', async () => {
        const { publicClient, wallet } = clients()
        const receiver = devnet.accounts[5]!.address
        const hash = await wallet(0).writeContract({
          address: chainA().contracts.nft,
          abi: erc721Abi,
          functionName: 'transferFrom',
          args: [devnet.accounts[0]!.address, receiver, 3n],
        })
        await publicClient.waitForTransactionReceipt({ hash })
        await app.foyer.indexer.sync()
        expect((await nfts(devnet.accounts[0]!.address)).body.data.map((n) => n.tokenId)).toEqual([
          '1',
        ])
        const received = (await nfts(receiver)).body
        expect(received.data.map((n) => n.tokenId)).toEqual(['3'])
        expect(received.data[0]!.name).toBe('Foyer Devnet Punk #3')
        expect(received.next).toBeNull()
      })

      it('answers an empty list for a network it does not serve, and 400 for a foreign cursor', async () => {
        const before = rpcCallCount()
        const other = await nfts(devnet.accounts[0]!.address, { chainId: 'eip155:999999' })
        expect(other.body).toEqual({ data: [], next: null })
        expect(rpcCallCount()).toBe(before)
        const bad = await nfts(devnet.accounts[0]!.address, { cursor: 'bm90LWEtY3Vyc29y' })
        expect(bad.status).toBe(400)
        expect((bad.body as unknown as { field: string }).field).toBe('cursor')
      })
    })

    describe('history paging', () => {
      it('pages through many transactions with cursors, in block order', async () => {
        const { publicClient, wallet } = clients()
        const receiver = privateKeyToAccount(`0x${'8'.repeat(64)}`).address
        const sender = wallet(2)
        const hashes: Hash[] = []
        for (let i = 0; i < 23; i++) {
          hashes.push(await sender.sendTransaction({ to: receiver, value: BigInt(i + 1) }))
        }
        await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })))
        await app.foyer.indexer.sync()

        const pages: GetHistoryResponse[] = []
        let cursor: string | null | undefined
        do {
          const params: Record<string, string> = { chainId: 'eip155:31337' }
          if (cursor) params.cursor = cursor
          const page = (
            await getJson<GetHistoryResponse>(q(`/v1/account/${receiver}/history`, params))
          ).body
          pages.push(page)
          cursor = page.next
        } while (cursor && pages.length < 5)
        expect(pages.map((page) => page.data.length)).toEqual([20, 3])
        expect(pages.flatMap((page) => page.data.map((tx) => tx.metadata.hash))).toEqual(
          [...hashes].reverse().map((hash) => hash.toLowerCase()),
        )
      })

      it('refuses a cursor it did not issue', async () => {
        const { status, body } = await getJson<{ field: string }>(
          q(`/v1/account/${devnet.accounts[0]!.address}/history`, { cursor: 'bm90LWEtY3Vyc29y' }),
        )
        expect(status).toBe(400)
        expect(body.field).toBe('cursor')
      })
    })

    describe('chain restarts', () => {
      it('forgets history of blocks the chain no longer has and indexes the new ones', async () => {
        const chainB = devnet.chains[1]!
        const chain = toViemChain(chainB)
        const rpc = createPublicClient({ chain, transport: http(chainB.rpcUrl) })
        const sender = createWalletClient({
          chain,
          account: privateKeyToAccount(devnet.accounts[4]!.privateKey),
          transport: http(chainB.rpcUrl),
        })
        const receiver = privateKeyToAccount(`0x${'6'.repeat(64)}`).address
        const history = async () =>
          (
            await getJson<GetHistoryResponse>(
              q(`/v1/account/${receiver}/history`, { chainId: 'eip155:31338' }),
            )
          ).body.data.map((tx) => tx.transfers[0]!.quantity.numeric)

        const snapshot = await rpc.request({ method: 'evm_snapshot' as 'eth_chainId' })
        await rpc.waitForTransactionReceipt({
          hash: await sender.sendTransaction({ to: receiver, value: parseEther('1') }),
        })
        await app.foyer.indexer.sync()
        expect(await history()).toEqual(['1'])

        // The chain goes back and grows other blocks at the same heights.
        await rpc.request({ method: 'evm_revert' as 'eth_chainId', params: [snapshot] as never })
        await rpc.waitForTransactionReceipt({
          hash: await sender.sendTransaction({ to: receiver, value: parseEther('3') }),
        })
        await app.foyer.indexer.sync()
        expect(await history()).toEqual(['3'])
      })
    })

    describe('identity, names and networks', () => {
      it('lists the configured networks as supported', async () => {
        const { body } = await getJson(q('/v1/supported-chains'))
        expect(body).toEqual({
          http: ['eip155:31337', 'eip155:31338', solanaChainId()],
          ws: [],
        })
      })

      const account = (index: number) => devnet.accounts[index]!.address
      const nobody = privateKeyToAccount(`0x${'5'.repeat(64)}`).address
      const identity = async (address: string, target: FastifyInstance = app) => {
        const response = await target.inject({ url: q(`/v1/identity/${address}`) })
        expect(response.statusCode).toBe(200)
        return response.json() as GetIdentityResponse
      }
      const reverse = async (address: string, target: FastifyInstance = app) => {
        const response = await target.inject({ url: q(`/v1/profile/reverse/${address}`) })
        expect(response.statusCode).toBe(200)
        return response.json() as GetProfileReverseResponse
      }
      const profile = (name: string) =>
        getJson<NameProfile & { code: string; message: string }>(
          q(`/v1/profile/account/${name}`, { apiVersion: '2' }),
        )
      /** alice.eth's avatar record names her Devnet Punk #1; its image is the avatar. */
      const aliceAvatar = async () => {
        const tokenUri = await clients().publicClient.readContract({
          address: chainA().contracts.nft,
          abi: erc721Abi,
          functionName: 'tokenURI',
          args: [1n],
        })
        const json = Buffer.from(tokenUri.split(',')[1]!, 'base64').toString('utf8')
        return (JSON.parse(json) as { image: string }).image
      }

      it('answers the ENS primary name and avatar of an address', async () => {
        const avatar = await aliceAvatar()
        expect(avatar).toMatch(/^data:image\/svg\+xml;base64,/)
        expect(await identity(account(0))).toEqual({ name: 'alice.eth', avatar })
        expect(await identity(account(1))).toEqual({ name: 'bob.eth', avatar: null })
      })

      it('lists the ENS primary name among the names of an address', async () => {
        expect(await reverse(account(0))).toEqual([
          {
            name: 'alice.eth',
            registered: 0,
            updated: 0,
            addresses: { '60': { address: account(0), created: 0 } },
            attributes: { avatar: await aliceAvatar() },
            source: 'ens',
          },
        ])
        expect(await reverse(nobody)).toEqual([])
      })

      it('answers the profile of an ENS name, and 404 for names nobody registered', async () => {
        const alice = await profile('alice.eth')
        expect(alice.status).toBe(200)
        expect(alice.body).toMatchObject({
          name: 'alice.eth',
          addresses: { '60': { address: account(0) } },
          attributes: { avatar: await aliceAvatar() },
          source: 'ens',
        })
        expect((await profile('bob.eth')).body).toMatchObject({
          addresses: { '60': { address: account(1) } },
          attributes: {},
          source: 'ens',
        })
        for (const name of ['nobody.eth', 'nobody.foyer', 'nobody']) {
          const missing = await profile(name)
          expect(missing.status).toBe(404)
          expect(missing.body).toMatchObject({
            code: 'NOT_FOUND',
            message: `Name ${name} is not registered`,
          })
        }
      })

      it("falls back to the server's own names, then to no name at all", async () => {
        const carol = account(3)
        await fixture.database.db
          .insertInto('names')
          .values({
            name: 'carol.foyer',
            project_id: projectId,
            zone: 'foyer',
            address: carol.toLowerCase(),
            is_primary: true,
            addresses: JSON.stringify({ '60': { address: carol, created: 1_700_000_000_000 } }),
            attributes: JSON.stringify({ avatar: 'http://127.0.0.1/carol.png' }),
          })
          .execute()
        expect(await identity(carol)).toEqual({
          name: 'carol.foyer',
          avatar: 'http://127.0.0.1/carol.png',
        })
        expect(await reverse(carol)).toEqual([
          expect.objectContaining({
            name: 'carol.foyer',
            addresses: { '60': { address: carol, created: 1_700_000_000_000 } },
            source: 'project',
          }),
        ])
        expect((await profile('carol.foyer')).body).toMatchObject({ source: 'project' })
        expect(await identity(nobody)).toEqual({ name: null, avatar: null })
      })

      it('answers a name registered under one project to every project (names are public, like ENS)', async () => {
        const other = 'names-other'
        await upsertProject({
          db: fixture.database.db,
          id: other,
          name: 'Names other',
          allowedOrigins: [],
        })
        const asOther = (path: string) => app.inject({ url: `${path}?projectId=${other}` })
        const erin = account(7)
        await fixture.database.db
          .insertInto('names')
          .values({
            name: 'erin.foyer',
            project_id: projectId,
            zone: 'foyer',
            address: erin.toLowerCase(),
            is_primary: true,
            addresses: JSON.stringify({ '60': { address: erin, created: 1_700_000_000_000 } }),
            attributes: JSON.stringify({}),
          })
          .execute()

        // The other project asks first and gets the same answers as the registering one.
        expect((await asOther(`/v1/identity/${erin}`)).json()).toEqual({
          name: 'erin.foyer',
          avatar: null,
        })
        expect(
          ((await asOther(`/v1/profile/reverse/${erin}`)).json() as NameProfile[]).map(
            (entry) => entry.name,
          ),
        ).toEqual(['erin.foyer'])
        expect((await asOther('/v1/profile/account/erin.foyer')).json()).toMatchObject({
          addresses: { '60': { address: erin } },
          source: 'project',
        })
        expect(await identity(erin)).toEqual({ name: 'erin.foyer', avatar: null })

        // One namespace: the name cannot be stored again for another project.
        const frank = account(8)
        await expect(
          fixture.database.db
            .insertInto('names')
            .values({
              name: 'erin.foyer',
              project_id: other,
              zone: 'foyer',
              address: frank.toLowerCase(),
              addresses: JSON.stringify({ '60': { address: frank, created: 1 } }),
              attributes: JSON.stringify({}),
            })
            .execute(),
        ).rejects.toThrow()
      })

      it('keeps identities and reverse names for 5 minutes (SPEC §9)', async () => {
        let now = Date.now()
        const cachedApp = await createServer({
          database: fixture.database,
          devnetFile,
          cache: createMemoryCache({ now: () => now }),
          logger: false,
          indexer: { enabled: false },
          rateLimit: false,
        })
        try {
          const dana = devnet.accounts[6]!
          expect(await identity(dana.address, cachedApp)).toEqual({ name: null, avatar: null })
          expect(await reverse(dana.address, cachedApp)).toEqual([])

          // dana.eth is registered for account 6, which sets its address and primary name.
          const { publicClient } = clients()
          const chain = toViemChain(chainA())
          const transport = http(chainA().rpcUrl)
          const deployer = createWalletClient({
            chain,
            transport,
            account: privateKeyToAccount(devnet.deployer.privateKey),
          })
          const holder = createWalletClient({
            chain,
            transport,
            account: privateKeyToAccount(dana.privateKey),
          })
          const { ensRegistry, ensPublicResolver, ensReverseRegistrar } = chainA().contracts
          for (const send of [
            () =>
              deployer.writeContract({
                address: ensRegistry,
                abi: ensRegistryAbi,
                functionName: 'setSubnodeRecord',
                args: [namehash('eth'), labelhash('dana'), dana.address, ensPublicResolver, 0n],
              }),
            () =>
              holder.writeContract({
                address: ensPublicResolver,
                abi: publicResolverAbi,
                functionName: 'setAddr',
                args: [namehash('dana.eth'), dana.address],
              }),
            () =>
              holder.writeContract({
                address: ensReverseRegistrar,
                abi: reverseRegistrarAbi,
                functionName: 'setName',
                args: ['dana.eth'],
              }),
          ]) {
            const receipt = await publicClient.waitForTransactionReceipt({ hash: await send() })
            expect(receipt.status).toBe('success')
          }
          expect(await publicClient.getEnsName({ address: dana.address })).toBe('dana.eth')

          now += identityCacheTtlMs - 1
          expect(await identity(dana.address, cachedApp)).toEqual({ name: null, avatar: null })
          expect(await reverse(dana.address, cachedApp)).toEqual([])
          now += 1
          expect(await identity(dana.address, cachedApp)).toEqual({
            name: 'dana.eth',
            avatar: null,
          })
          expect((await reverse(dana.address, cachedApp)).map((p) => p.name)).toEqual(['dana.eth'])
        } finally {
          await cachedApp.close()
        }
      })
    })

    describe('analytics', () => {
      it('stores events and caps error reports at 5 per minute per client', async () => {
        const event = (i: number, type: string) => ({
          eventId: `${type}-${i}`,
          url: 'http://localhost:5173/',
          domain: 'localhost',
          timestamp: Date.now(),
          props: {
            type,
            event: type === 'error' ? 'ERROR' : 'MODAL_OPEN',
            address: devnet.accounts[0]!.address,
          },
        })
        const response = await app.inject({
          method: 'POST',
          url: q('/e'),
          // Events are accepted from the project's pages only (browsers send the Origin).
          headers: { origin: 'http://localhost:5173' },
          payload: [event(1, 'track'), ...Array.from({ length: 7 }, (_, i) => event(i, 'error'))],
        })
        expect(response.json()).toEqual({ stored: 6, dropped: 2 })
        const stored = await queryEvents({ db: fixture.database.db, projectId, limit: 50 })
        expect(stored.filter((e) => e.type === 'error')).toHaveLength(5)
        expect(stored.find((e) => e.type === 'track')?.props.address).toBe(
          devnet.accounts[0]!.address,
        )
      })
    })

    describe('refusals', () => {
      it('answers names on a server without a zone with 404, and a session id that is no CAIP-10 account with 400', async () => {
        expect((await app.inject({ url: q('/v1/profile/suggestions/bob') })).statusCode).toBe(404)
        expect((await app.inject({ url: q('/v1/sessions/abc') })).statusCode).toBe(400)
        expect(
          (await app.inject({ method: 'POST', url: q('/v1/profile/account'), payload: {} }))
            .statusCode,
        ).toBe(404)
      })

      const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
      const event = (changes: Record<string, unknown>) => ({
        eventId: 'e-1',
        url: 'http://localhost:5173/',
        domain: 'localhost',
        timestamp: 1_700_000_000_000,
        props: { type: 'track', event: 'MODAL_OPEN' },
        ...changes,
      })
      const postEvent = (payload: unknown) => ({ method: 'POST' as const, url: q('/e'), payload })
      /** `{ a: { a: … } }`, `levels` objects deep. */
      const nested = (levels: number): unknown => (levels === 0 ? 'x' : { a: nested(levels - 1) })
      const tooDeep = `props.properties${'.a'.repeat(maxEventPropsDepth - 1)}`
      // Deeper than JSON.stringify can follow: sent as text.
      const thousandsDeep = `{"eventId":"e","url":"u","domain":"d","timestamp":1,"props":{"x":${'['.repeat(5_000)}1${']'.repeat(5_000)}}}`
      const badRequests: [
        string,
        { method?: 'GET' | 'POST'; url: string; payload?: unknown },
        string,
      ][] = [
        ['config', { url: q('/appkit/v1/config', { projectId: 'bad key!' }) }, 'projectId'],
        ['origins', { url: q('/projects/v1/origins', { st: 'x'.repeat(65) }) }, 'st'],
        ['wallets page', { url: q('/getWallets', { page: 'two' }) }, 'page'],
        ['wallets entries', { url: q('/getWallets', { entries: '41' }) }, 'entries'],
        ['wallets search', { url: q('/getWallets', { search: 'x'.repeat(101) }) }, 'search'],
        ['wallets badge', { url: q('/getWallets', { badge_type: 'gold' }) }, 'badge_type'],
        ['wallets chains', { url: q('/getWallets', { chains: 'ethereum' }) }, 'chains.0'],
        ['wallet image', { url: '/getWalletImage/bad%20id' }, 'id'],
        ['asset image', { url: '/public/getAssetImage/a%2Fb' }, 'id'],
        ['currency image', { url: '/public/getCurrencyImage/%24%24' }, 'id'],
        ['token image', { url: '/public/getTokenImage/%3Cx%3E' }, 'id'],
        ['analytics config', { url: q('/getAnalyticsConfig', { sv: 'x'.repeat(65) }) }, 'sv'],
        ['analytics body', { method: 'POST', url: q('/e'), payload: { eventId: 'x' } }, 'url'],
        ['analytics json', { method: 'POST', url: q('/e'), payload: '{' }, 'body'],
        ['wallets search with NUL', { url: q('/getWallets', { search: '\u0000' }) }, 'search'],
        ['SDK version with NUL', { url: q('/getWallets', { sv: 'foyer\u0000' }) }, 'sv'],
        ['analytics url with NUL', postEvent(event({ url: 'http://a/\u0000' })), 'url'],
        ['analytics domain with NUL', postEvent(event({ domain: 'local\u0000host' })), 'domain'],
        ['analytics eventId with NUL', postEvent(event({ eventId: '\u0000' })), 'eventId'],
        [
          'analytics event name with a control character',
          postEvent(event({ props: { event: 'MODAL\u0007OPEN' } })),
          'props.event',
        ],
        [
          'analytics props string with NUL',
          postEvent(event({ props: { properties: { message: 'a\u0000b' } } })),
          'props.properties.message',
        ],
        [
          'analytics props key with NUL',
          postEvent(event({ props: { properties: { 'a\u0000': 1 } } })),
          'props.properties',
        ],
        [
          'analytics props string with a lone surrogate',
          postEvent(event({ props: { note: 'broken \ud800 text' } })),
          'props.note',
        ],
        [
          'analytics props nested too deep',
          postEvent(event({ props: { properties: nested(maxEventPropsDepth) } })),
          tooDeep,
        ],
        [
          'analytics props nested thousands deep',
          postEvent(thousandsDeep),
          `props.x${'.0'.repeat(maxEventPropsDepth - 1)}`,
        ],
        ['analytics timestamp beyond 2^53', postEvent(event({ timestamp: 1e20 })), 'timestamp'],
        ['analytics negative timestamp', postEvent(event({ timestamp: -1 })), 'timestamp'],
        [
          'analytics batch with one bad event',
          postEvent([event({}), event({ url: '\u0000' })]),
          '1.url',
        ],
        ['supported chains', { url: q('/v1/supported-chains', { projectId: '' }) }, 'projectId'],
        ['identity', { url: q('/v1/identity/0x1234') }, 'address'],
        ['identity sender', { url: q(`/v1/identity/${address}`, { sender: 'bob' }) }, 'sender'],
        ['history account', { url: q('/v1/account/bob/history') }, 'account'],
        [
          'history chain',
          { url: q(`/v1/account/${address}/history`, { chainId: '1' }) },
          'chainId',
        ],
        ['balance address', { url: q('/v1/account/0xzz/balance') }, 'address'],
        [
          'balance currency',
          { url: q(`/v1/account/${address}/balance`, { currency: 'eur' }) },
          'currency',
        ],
        [
          'balance force',
          { url: q(`/v1/account/${address}/balance`, { forceUpdate: 'yes' }) },
          'forceUpdate',
        ],
        [
          'price addresses',
          {
            method: 'POST',
            url: q('/v1/fungible/price'),
            payload: { projectId, currency: 'usd', addresses: ['0x12'] },
          },
          'addresses.0',
        ],
        [
          'price currency',
          {
            method: 'POST',
            url: q('/v1/fungible/price'),
            payload: { projectId, currency: 'btc', addresses: [] },
          },
          'currency',
        ],
        ['reverse', { url: q('/v1/profile/reverse/nope') }, 'address'],
        ['account name', { url: q('/v1/profile/account/a%20b') }, 'name'],
        [
          'account apiVersion',
          { url: q('/v1/profile/account/bob.eth', { apiVersion: '3' }) },
          'apiVersion',
        ],
      ]
      it.each(badRequests)(
        'answers bad input to %s with a 400 naming the field',
        async (_, request, field) => {
          const response = await app.inject({
            method: request.method ?? 'GET',
            url: request.url,
            ...(request.payload === undefined
              ? {}
              : typeof request.payload === 'string'
                ? { payload: request.payload, headers: { 'content-type': 'application/json' } }
                : { payload: request.payload as object }),
          })
          expect(response.statusCode).toBe(400)
          const body = response.json() as { field?: string; message: string; stack?: unknown }
          expect(body.field).toBe(field)
          expect(body.stack).toBeUndefined()
          expect(body.message).not.toMatch(/\bat .*\.ts:\d+/)
        },
      )

      it('never tells a client what went wrong in the database', async () => {
        // Any unexpected database failure: here the table a route reads is gone (and the route's
        // cached answers are dropped, so it reads it).
        await app.foyer.responses.invalidateRegistry()
        await sql`alter table wallets rename to wallets_hidden`.execute(fixture.database.db)
        let response: Awaited<ReturnType<typeof app.inject>>
        try {
          response = await app.inject({ url: q('/getWallets') })
        } finally {
          await sql`alter table wallets_hidden rename to wallets`.execute(fixture.database.db)
        }
        expect(response.statusCode).toBe(500)
        expect(response.json()).toEqual({
          statusCode: 500,
          code: 'INTERNAL',
          error: 'Internal Server Error',
          message: 'Internal Server Error',
        })
        expect(response.body).not.toMatch(/wallets|relation|select|postgres|pglite/i)
      })

      it('refuses bodies above the size limit', async () => {
        const response = await app.inject({
          method: 'POST',
          url: q('/e'),
          payload: { eventId: 'x', url: 'x'.repeat(70_000), domain: 'd', timestamp: 1, props: {} },
        })
        expect(response.statusCode).toBe(413)
      })
    })
  })
}
