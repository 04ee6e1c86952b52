import type { IncomingMessage } from 'node:http'
import {
  type ErrorResponse,
  maxErrorEventsPerMinute,
  serverMessages,
  siwxDefaultSessionLifetimeMs,
} from '@foyer/protocol'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  LogController,
} from 'fastify'
import { Redis } from 'ioredis'
import type { DestinationStream, Logger } from 'pino'
import { BaseError as ViemBaseError } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createAnalyticsQuota } from '../analytics/quota.ts'
import { type AnalyticsRetention, startAnalyticsRetention } from '../analytics/retention.ts'
import { countCacheWrites } from '../cache/countCacheWrites.ts'
import { type Cache, createMemoryCache } from '../cache/createCache.ts'
import { createFallbackCache } from '../cache/createFallbackCache.ts'
import { createResponseCache } from '../cache/createResponseCache.ts'
import { createChainRuntime } from '../chains/createChainRuntime.ts'
import { enableIndexing } from '../chains/enableIndexing.ts'
import {
  loadDevnetBitcoinChains,
  loadDevnetChains,
  loadDevnetSolanaChains,
} from '../chains/loadDevnetChains.ts'
import { parseRpcUrls } from '../chains/publicChains.ts'
import { type BundlerUrl, resolveSmartAccountNetworks } from '../chains/smartAccounts.ts'
import type { BitcoinChainConfig, ChainConfig, SolanaChainConfig } from '../chains/types.ts'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { isDatabaseUnavailableError } from '../db/isDatabaseUnavailableError.ts'
import { projectChangesChannel } from '../db/migrations.ts'
import {
  DatabaseUnavailableError,
  databaseRetryAfterSeconds,
  HttpError,
  InvalidProjectIdError,
  OriginNotAllowedError,
} from '../errors.ts'
import { createIndexer } from '../indexer/createIndexer.ts'
import { loadDevnetNames, type NameOptions } from '../names/nameConfig.ts'
import {
  type CreateCoinbaseOnRampProviderParameters,
  createCoinbaseOnRampProvider,
} from '../onramp/createCoinbaseOnRampProvider.ts'
import type { OnRampProvider } from '../onramp/types.ts'
import { createHttpPriceProvider } from '../prices/createHttpPriceProvider.ts'
import { createPriceService } from '../prices/createPriceService.ts'
import { createOriginDecisions } from '../projects/createOriginDecisions.ts'
import { createProjectCache } from '../projects/createProjectCache.ts'
import { type Project, upsertProject } from '../projects/projects.ts'
import { importRegistry, seedBuiltinWallets } from '../registry/wallets.ts'
import { type SiwxCleanup, startSiwxCleanup } from '../siwx/cleanup.ts'
import { createUniswapV2SwapProvider } from '../swap/createUniswapV2SwapProvider.ts'
import { createZeroExSwapProvider } from '../swap/createZeroExSwapProvider.ts'
import type { SwapProvider } from '../swap/types.ts'
import { registerAnalyticsRoutes } from './analyticsRoutes.ts'
import { registerBlockchainRoutes } from './blockchainRoutes.ts'
import type { ServerContext } from './context.ts'
import { createEarlyAnswers } from './createEarlyAnswers.ts'
import { createFastLane, everyAnswerHeaders, putFastLaneInFront } from './createFastLane.ts'
import { createRateLimiter } from './createRateLimiter.ts'
import { registerDocsRoutes } from './docsRoutes.ts'
import { drainOnClose } from './drainOnClose.ts'
import { registerNameRoutes } from './nameRoutes.ts'
import { registerNftRoutes } from './nftRoutes.ts'
import { registerOnRampRoutes } from './onRampRoutes.ts'
import { createRateLimitStores } from './rateLimitStore.ts'
import { registerCors } from './registerCors.ts'
import { createRequestIds, registerRequestLogging } from './registerRequestLogging.ts'
import { registerSessionRoutes } from './sessionRoutes.ts'
import { registerSiwxRoutes } from './siwxRoutes.ts'
import { registerSwapRoutes } from './swapRoutes.ts'
import { createRequestAddress, type TrustProxy, toFastifyTrustProxy } from './trustProxy.ts'
import { registerWalletServiceRoutes } from './walletServiceRoutes.ts'

export const devProjectId = 'foyer-dev'
export const devProjectOrigins = ['http://127.0.0.1:*', 'http://localhost:*']

export type CreateServerOptions = {
  /** Where the server will listen; used for absolute image URLs when `publicUrl` is not set. */
  host?: string | undefined
  port?: number | undefined
  /** Base URL clients reach this server at (for icon URLs); default `http://host:port`. */
  publicUrl?: string | undefined
  /** An open database to use (not closed with the server); otherwise one is opened. */
  database?: FoyerDatabase | undefined
  /** `postgres://…` for a PostgreSQL server; embedded PGlite in `dataDir` otherwise. */
  databaseUrl?: string | undefined
  dataDir?: string | undefined
  /** `redis://…` to share rate limits and caches between server processes. */
  redisUrl?: string | undefined
  /** The response and price cache; default: Redis when `redisUrl` is set, else per process. */
  cache?: Cache | undefined
  /** Networks to serve, in addition to those of `devnetFile` and `rpcUrls`. */
  chains?: ChainConfig[] | undefined
  /** Solana networks to serve balances for, in addition to the devnet file's local cluster. */
  solanaChains?: SolanaChainConfig[] | undefined
  /**
   * Bitcoin networks to serve balances and history for (`FOYER_BITCOIN_NETWORKS`, see
   * `parseBitcoinNetworks`), in addition to the devnet file's regtest chain.
   */
  bitcoinChains?: BitcoinChainConfig[] | undefined
  /** Devnet JSON written by the local world (`@foyer/devnet`), its `solana` cluster included. */
  devnetFile?: string | undefined
  /** Public networks as `chainId=url,…` (see `parseRpcUrls`). */
  rpcUrls?: string | undefined
  /**
   * ERC-4337 bundlers (`FOYER_BUNDLER_URLS`, see `parseBundlerUrls`): their networks are the
   * smart-account networks `/appkit/v1/config` lists. Each must be a network the server serves.
   */
  bundlerUrls?: readonly BundlerUrl[] | undefined
  /** Chain ids whose history to index although they are public networks (see `enableIndexing`). */
  indexChains?: readonly number[] | undefined
  /** CoinGecko-compatible price API for networks without on-chain pricing. */
  priceApi?: { baseUrl: string; apiKey?: string | undefined } | undefined
  /** 0x Swap API v2 for the swaps of networks without a Uniswap V2 `swap` config (public ones). */
  zeroEx?: { apiKey: string; baseUrl?: string | undefined } | undefined
  /**
   * Swap providers of the convert API, asked in order per network. Default: Uniswap V2 on every
   * chain whose config has `swap` (the devnet's chains), then 0x (`zeroEx`) on the others.
   */
  swapProviders?: readonly SwapProvider[] | undefined
  /**
   * The on-ramp API (SPEC §7): Coinbase Onramp with a CDP API key, and the EUR rate (USD per EUR)
   * of estimated quotes. Without a provider, options answer the built-in list, quotes are
   * estimated, checkout URLs answer 503 and transactions an empty list.
   */
  onRamp?:
    | {
        coinbase?: CreateCoinbaseOnRampProviderParameters | undefined
        eurUsdRate?: number | undefined
      }
    | undefined
  /** An on-ramp provider to use instead of `onRamp.coinbase` (tests, another provider). */
  onRampProvider?: OnRampProvider | undefined
  /**
   * Names visitors register (`<label>.<zone>`) and the key the zone's offchain resolver trusts
   * (its CCIP-read gateway signs with it). Default: the devnet file's `names`, else none.
   */
  names?: NameOptions | undefined
  /**
   * Sign in with any wallet (`/v1/siwx/…`): the `Domain` of the `foyer_siwx` cookie (default
   * host-only), the longest session (default 7 days), how often expired nonces and sessions are
   * deleted (default hourly).
   */
  siwx?:
    | {
        cookieDomain?: string | undefined
        sessionLifetimeMs?: number | undefined
        cleanupIntervalMs?: number | undefined
      }
    | undefined
  /** Ensure the `foyer-dev` project and import `registryFile` (local world). */
  dev?: boolean | undefined
  registryFile?: string | undefined
  /** `false` silences logs; pino options otherwise (default level: info; `stream` for tests). */
  logger?: boolean | { level?: string; stream?: DestinationStream } | undefined
  /**
   * Request lines (`FOYER_LOG_REQUESTS`, `FOYER_SLOW_REQUEST_MS`): the share of requests logged
   * (default 0), and the duration from which a request is always logged (default 1 000 ms).
   * Failed requests are always logged.
   */
  requestLogging?:
    | { sampleRate?: number | undefined; slowRequestMs?: number | undefined }
    | undefined
  /**
   * How long a process keeps a project it looked up (default 5 s) while the database's change
   * notifications are not heard (a database handed in without `listen`, or its listening
   * connection down): a changed project shows after it. While they are heard, it shows at once.
   */
  projectCacheTtlMs?: number | undefined
  /** Requests per minute per client IP and per project; `false` turns rate limiting off. */
  rateLimit?: { perIpPerMinute?: number; perProjectPerMinute?: number } | false | undefined
  /** Largest accepted request body (default 64 KiB). */
  bodyLimitBytes?: number | undefined
  /**
   * `X-Forwarded-For` hops to trust: a hop count (`true` = 1), or proxy addresses / CIDRs (see
   * `TrustProxy`). Default none.
   */
  trustProxy?: TrustProxy | undefined
  /**
   * Answer repeated GETs of answers the server already knows in front of Fastify (see
   * `createFastLane`), byte for byte as Fastify would. Default true; false sends every request
   * through Fastify (the tests compare the two).
   */
  fastLane?: boolean | undefined
  /**
   * Analytics ingestion (`POST /e`): events a project may store per UTC day (default 100 000;
   * 0 = no quota), days events are kept (default 90; 0 = forever), how often the retention job
   * runs (default hourly).
   */
  analytics?:
    | { dailyEventQuota?: number; retentionDays?: number; retentionIntervalMs?: number }
    | undefined
  /** Follow configured chains in the background (default true). `app.foyer.indexer.sync()` works either way. */
  indexer?: { enabled?: boolean; pollIntervalMs?: number } | undefined
}

/** Logged request headers that carry credentials. */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
]

/**
 * Builds the Foyer server (not listening): opens and migrates the database, seeds the built-in
 * wallet registry, connects chains, and registers every route of `@foyer/protocol`.
 */
export async function createServer(options: CreateServerOptions = {}): Promise<FastifyInstance> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 4400
  const publicUrl = (
    options.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  ).replace(/\/$/, '')

  const chainConfigs: ChainConfig[] = [...(options.chains ?? [])]
  if (options.devnetFile) chainConfigs.push(...(await loadDevnetChains(options.devnetFile)))
  const solanaChains: SolanaChainConfig[] = [...(options.solanaChains ?? [])]
  if (options.devnetFile) solanaChains.push(...(await loadDevnetSolanaChains(options.devnetFile)))
  const bitcoinChains: BitcoinChainConfig[] = [...(options.bitcoinChains ?? [])]
  if (options.devnetFile) bitcoinChains.push(...(await loadDevnetBitcoinChains(options.devnetFile)))
  if (options.rpcUrls) chainConfigs.push(...parseRpcUrls({ spec: options.rpcUrls }))
  const smartAccounts = resolveSmartAccountNetworks({
    chains: chainConfigs,
    bundlerUrls: options.bundlerUrls,
  })
  const indexedConfigs = enableIndexing({
    chains: chainConfigs,
    chainIds: options.indexChains ?? [],
  })

  // Before anything is opened: a key secret it cannot read stops the start with a ConfigError.
  const onRampProvider =
    options.onRampProvider ??
    (options.onRamp?.coinbase ? createCoinbaseOnRampProvider(options.onRamp.coinbase) : undefined)

  const names =
    options.names ?? (options.devnetFile ? await loadDevnetNames(options.devnetFile) : undefined)

  const ownsDatabase = !options.database
  const database =
    options.database ??
    (await createDatabase({
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      onIdleConnectionError: (error) =>
        app.log.warn({ err: error }, 'database dropped an idle connection; the pool reconnects'),
    }))
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        maxRetriesPerRequest: 2,
        enableOfflineQueue: true,
        lazyConnect: false,
        // Every request counts its rate limits in Redis: the commands of the requests read in one
        // turn of the event loop leave in one write instead of one system call each.
        enableAutoPipelining: true,
      })
    : undefined

  // Fastify's default request ids, from a sequence the fast lane's log lines share.
  const requestIds = createRequestIds()
  const app = Fastify({
    genReqId: requestIds,
    logger:
      options.logger === false
        ? false
        : { ...(typeof options.logger === 'object' ? options.logger : {}), redact: redactedPaths },
    bodyLimit: options.bodyLimitBytes ?? 64 * 1024,
    trustProxy: toFastifyTrustProxy(options.trustProxy),
    return503OnClosing: true,
    // Sampled, slow and failed requests only (registerRequestLogging): two lines per request cost
    // more than a cached answer.
    logController: new LogController({ disableRequestLogging: true }),
    // Clients put ids in paths; keep them bounded.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
  })

  // With Redis, a Redis that stops answering turns the cache per process (one warning per outage)
  // until it is back, as the rate limits do.
  // Writes are counted so early answers trust a passed freshness check until this process
  // writes again (see `createEarlyAnswers`).
  const { cache, writes: cacheWrites } = countCacheWrites(
    options.cache ?? (redis ? createFallbackCache({ redis, log: app.log }) : createMemoryCache()),
  )
  const responses = createResponseCache({ cache })
  const chains = indexedConfigs.map((config) => createChainRuntime({ config }))
  const prices = createPriceService({
    cache,
    httpProvider: options.priceApi ? createHttpPriceProvider(options.priceApi) : undefined,
    onProviderError: (error) =>
      app.log.warn({ err: error }, 'price API failed; its tokens are answered as unpriced'),
  })
  const indexer = createIndexer({
    db: database.db,
    chains,
    logger: app.log as unknown as Logger,
    pollIntervalMs: options.indexer?.pollIntervalMs,
  })

  await seedBuiltinWallets({ db: database.db })
  if (options.dev) {
    await upsertProject({
      db: database.db,
      id: devProjectId,
      name: 'Foyer development',
      allowedOrigins: devProjectOrigins,
    })
    if (options.registryFile) {
      const imported = await importRegistry({ db: database.db, file: options.registryFile })
      app.log.info(
        { file: options.registryFile, ...imported, skipped: imported.skipped.length },
        'wallet registry imported',
      )
    }
  }
  // The registry may have changed since other processes sharing the cache stored their answers.
  // A cache that does not answer (Redis down) must not keep the server from starting.
  await responses.invalidateRegistry().catch(() => undefined)

  const projects = createProjectCache({ db: database.db, ttlMs: options.projectCacheTtlMs })
  // Every project change is announced by the database (migration 0014): while this process
  // hears them, a warm request reads no project from the database.
  const stopProjectChanges = database.listen?.({
    channel: projectChangesChannel,
    onNotification: projects.changed,
    onListening: (listening) => {
      projects.setAnnounced(listening)
      if (listening) app.log.debug('listening to project changes')
    },
    onError: (error) =>
      app.log.warn(
        { err: error },
        'project change notifications lost; projects are read again every few seconds until they are back',
      ),
  })
  const findProject = projects.find
  const originDecisions = createOriginDecisions()

  // A failing Redis neither takes the API down nor turns the limits off: they count per process
  // until Redis answers again (one warning per outage).
  const limiterStore = createRateLimitStores({
    redis,
    nameSpace: 'foyer:ratelimit:',
    log: app.log,
    label: 'API',
  })
  const limits = options.rateLimit === false ? undefined : (options.rateLimit ?? {})
  // The client's address as Fastify's `request.ip` names it, for the fast lane too.
  const address = createRequestAddress(options.trustProxy)
  const ipLimiter = limits
    ? createRateLimiter({
        store: limiterStore(),
        max: limits.perIpPerMinute ?? 600,
        timeWindowMs: 60_000,
      })
    : undefined
  /** The per-IP limit of every actual request, in the first hook or the fast lane. */
  const limitClient = ipLimiter
    ? (request: IncomingMessage) => ipLimiter(request, `ip:${address.clientIp(request)}`)
    : undefined
  const projectLimiter = limits
    ? createRateLimiter({
        store: limiterStore(),
        max: limits.perProjectPerMinute ?? 20_000,
        timeWindowMs: 60_000,
      })
    : undefined
  const errorReportLimiter = createRateLimiter({
    store: limiterStore(),
    max: maxErrorEventsPerMinute,
    timeWindowMs: 60_000,
    // Counted per error event, several of which may come in one request.
    oncePerRequest: false,
  })

  /**
   * The origin check (throws) and the per-project rate, a promise only when the limiter must be
   * waited for (Redis).
   */
  function admitProject(
    request: IncomingMessage,
    project: Project,
    { checkOrigin = true }: { checkOrigin?: boolean } = {},
  ): Promise<void> | undefined {
    const origin = request.headers.origin
    if (
      checkOrigin &&
      origin !== undefined &&
      !originDecisions.isAllowed(origin, project.allowedOrigins)
    ) {
      throw new OriginNotAllowedError()
    }
    if (!projectLimiter) return undefined
    const limit = projectLimiter(request, `project:${project.id}`)
    if (!(limit instanceof Promise)) {
      if (limit.isExceeded) throw rateLimited(limit.ttlInSeconds)
      return undefined
    }
    return limit.then((decided) => {
      if (decided.isExceeded) throw rateLimited(decided.ttlInSeconds)
    })
  }

  const earlyAnswers = createEarlyAnswers({
    peekProject: projects.peek,
    admitProject,
    peekRegistryVersion: responses.peekRegistryVersion,
    originDecisions,
    cacheWrites,
  })

  const context: ServerContext = {
    database,
    cache,
    responses,
    chains,
    solanaChains,
    bitcoinChains,
    prices,
    indexer,
    publicUrl,
    findProject,
    peekProject: projects.peek,
    tokenIconUrl: (symbol) => `${publicUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`,
    loginProviders: new Set(),
    nameZone: names?.zone,
    smartAccounts,
    async requireProject(request, projectId, options) {
      const peeked = projects.peek(projectId)
      const project = peeked ? peeked.project : await findProject(projectId)
      if (!project) throw new InvalidProjectIdError()
      await admitProject(request.raw, project, options)
      return project
    },
    earlyAnswers,
    cacheWrites,
    async allowErrorReport(request, projectId) {
      const limit = await errorReportLimiter(
        request.raw,
        `errors:${projectId}:${address.clientIp(request.raw)}`,
      )
      return !limit.isExceeded
    },
  }
  app.decorate('foyer', context)

  if (limitClient) {
    app.addHook('onRequest', async (request, reply) => {
      // A preflight refused with 429 would hide the actual request's answer (the 429 itself)
      // from the browser; preflights cost no lookup, so only actual requests are counted.
      if (isCorsPreflight(request)) return
      const limit = await limitClient(request.raw)
      if (limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds))
        throw rateLimited(limit.ttlInSeconds)
      }
    })
  }

  await registerCors(app, { findProject, peekProject: projects.peek, originDecisions })
  const requestLogRule =
    options.logger !== false ? registerRequestLogging(app, options.requestLogging) : undefined

  // sendBeacon posts JSON as text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined)
    }
  })

  app.addHook('onSend', (_request, reply, payload, done) => {
    for (let index = 0; index < everyAnswerHeaders.length; index += 2)
      reply.header(everyAnswerHeaders[index]!, everyAnswerHeaders[index + 1])
    done(null, payload)
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorResponse(error)
    if (body.code === 'DATABASE_UNAVAILABLE') {
      // An outage, not a defect: one line without the stack; the client may retry.
      request.log.warn(
        { err: { message: error.message, code: error.code } },
        'database unavailable: answered 503',
      )
      reply.header('retry-after', String(databaseRetryAfterSeconds))
    } else if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ code: body.code, field: body.field }, body.message)
    if (body.code === 'RATE_LIMITED' && error instanceof HttpError && error.details) {
      reply.header('retry-after', error.details)
    }
    return reply.status(body.statusCode).send(body)
  })
  app.setNotFoundHandler((request, reply) => {
    const body: ErrorResponse = {
      statusCode: 404,
      code: 'NOT_FOUND',
      error: 'Not Found',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    }
    return reply.status(404).send(body)
  })

  const { isClosing } = drainOnClose(app)
  if (options.fastLane !== false)
    putFastLaneInFront(
      app.server,
      createFastLane({
        earlyAnswers,
        isClosing,
        limitClient,
        requestLog: requestLogRule && {
          rule: requestLogRule,
          log: app.log,
          requestIds,
          address,
        },
      }),
    )
  app.get('/health', async () => ({ status: 'ok' as const }))
  registerDocsRoutes(app, { serverUrl: publicUrl })
  registerWalletServiceRoutes(app)
  const dailyEventQuota = options.analytics?.dailyEventQuota ?? 100_000
  registerAnalyticsRoutes(app, {
    quota:
      dailyEventQuota > 0 ? createAnalyticsQuota({ db: database.db, dailyEventQuota }) : undefined,
  })
  registerBlockchainRoutes(app)
  registerNameRoutes(app, {
    zone: names?.zone,
    gatewaySigner: names?.gatewayKey ? privateKeyToAccount(names.gatewayKey) : undefined,
  })
  if (names && !names.gatewayKey)
    app.log.warn(
      { zone: names.zone },
      'names are registered without FOYER_NAME_GATEWAY_KEY: the API answers them, ENS clients cannot resolve them',
    )
  registerNftRoutes(app)
  registerSwapRoutes(app, {
    providers: options.swapProviders ?? [
      createUniswapV2SwapProvider({ chains }),
      ...(options.zeroEx
        ? [
            createZeroExSwapProvider({
              ...options.zeroEx,
              chains: chains.filter((chain) => !chain.config.swap),
              prices,
            }),
          ]
        : []),
    ],
  })

  registerOnRampRoutes(app, { provider: onRampProvider, eurUsdRate: options.onRamp?.eurUsdRate })
  registerSessionRoutes(app, app.foyer)

  registerSiwxRoutes(app, {
    dev: options.dev === true,
    cookieDomain: options.siwx?.cookieDomain,
    sessionLifetimeMs: options.siwx?.sessionLifetimeMs ?? siwxDefaultSessionLifetimeMs,
  })
  // Expired SIWX nonces and ended sessions are deleted by a job running with the server.
  let siwxCleanup: SiwxCleanup | undefined
  app.addHook('onReady', async () => {
    siwxCleanup = startSiwxCleanup({
      db: database.db,
      intervalMs: options.siwx?.cleanupIntervalMs,
      onDeleted: (result) => app.log.info(result, 'expired SIWX nonces and sessions deleted'),
      onError: (error) => app.log.warn({ err: error }, 'SIWX clean-up failed'),
    })
  })

  if (options.indexer?.enabled !== false) app.addHook('onReady', async () => indexer.start())
  // Analytics events are deleted after the retention period, by a job running with the server.
  const retentionDays = options.analytics?.retentionDays ?? 90
  let retention: AnalyticsRetention | undefined
  if (retentionDays > 0)
    app.addHook('onReady', async () => {
      retention = startAnalyticsRetention({
        db: database.db,
        retentionDays,
        intervalMs: options.analytics?.retentionIntervalMs,
        onDeleted: (count) =>
          app.log.info({ count, retentionDays }, 'analytics events past retention deleted'),
        onError: (error) => app.log.warn({ err: error }, 'analytics retention job failed'),
      })
    })
  app.addHook('onClose', async () => {
    await retention?.stop()
    await siwxCleanup?.stop()
    await indexer.stop()
    await stopProjectChanges?.()
    if (redis) await redis.quit().catch(() => redis.disconnect())
    if (ownsDatabase) await database.destroy()
  })
  return app
}

function isCorsPreflight(request: FastifyRequest): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.origin !== undefined &&
    request.headers['access-control-request-method'] !== undefined
  )
}

function rateLimited(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'RATE_LIMITED', serverMessages.rateLimited, {
    details: String(retryAfterSeconds),
  })
}

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/**
 * Public error body: known errors keep their message; a database that cannot be reached becomes
 * a 503 `DATABASE_UNAVAILABLE` (sent with `Retry-After`); anything else becomes a bare 500.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (isDatabaseUnavailableError(error)) return toErrorResponse(new DatabaseUnavailableError())
  if (error instanceof HttpError) {
    const body: ErrorResponse = {
      statusCode: error.statusCode,
      code: error.code,
      error: statusTexts[error.statusCode] ?? 'Error',
      message: error.shortMessage,
    }
    if (error.field !== undefined) body.field = error.field
    return body
  }
  if (error instanceof ViemBaseError) {
    return {
      statusCode: 502,
      code: 'UPSTREAM_UNAVAILABLE',
      error: 'Bad Gateway',
      message: 'The network node did not answer',
    }
  }
  const fastifyError = error as Partial<FastifyError>
  const status = fastifyError.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 429
            ? 'RATE_LIMITED'
            : status === 404
              ? 'NOT_FOUND'
              : 'INVALID_INPUT'
    const body: ErrorResponse = {
      statusCode: status,
      code,
      error: statusTexts[status] ?? 'Error',
      message: fastifyError.message ?? 'Invalid request',
    }
    if (code === 'INVALID_INPUT') body.field = 'body'
    return body
  }
  return {
    statusCode: 500,
    code: 'INTERNAL',
    error: 'Internal Server Error',
    message: 'Internal Server Error',
  }
}
