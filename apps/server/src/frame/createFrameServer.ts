import rateLimit from '@fastify/rate-limit'
import type { SmartAccountNetwork as FrameSmartAccountNetwork } from '@foyer/frame'
import { frameStyles, secureWindowContentSecurityPolicy, secureWindowPage } from '@foyer/frame/ui'
import { projectIdSchema } from '@foyer/protocol'
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import type { DestinationStream } from 'pino'
import * as v from 'valibot'
import { isDatabaseUnavailableError } from '../db/isDatabaseUnavailableError.ts'
import {
  defaultEmbeddedCleanup,
  type EmbeddedCleanup,
  startEmbeddedCleanup,
} from '../embedded/cleanup.ts'
import {
  createCodeStore,
  defaultLoginFailureBudget,
  type LoginFailureBudget,
} from '../embedded/codeStore.ts'
import { expireCookie, MalformedCookieError } from '../embedded/cookies.ts'
import type { EmbeddedSecrets } from '../embedded/embeddedSecrets.ts'
import { databaseUnavailable, EmbeddedApiError } from '../embedded/errors.ts'
import { loginLockedMail } from '../embedded/mailTexts.ts'
import type { PlaceLookup } from '../embedded/placeLookup.ts'
import {
  createLoginProofOfWork,
  defaultLoginProofOfWork,
  type LoginProofOfWorkOptions,
  ProofRequiredError,
} from '../embedded/proofOfWork.ts'
import type { RecoveryKeyHolder } from '../embedded/recoveryKeyHolder.ts'
import { registerEmbeddedRoutes } from '../embedded/registerEmbeddedRoutes.ts'
import { createSessionService, defaultSessionLifetimeSeconds } from '../embedded/sessions.ts'
import { createShareCipher } from '../embedded/shareCipher.ts'
import { createSocialClient } from '../embedded/social/createSocialClient.ts'
import {
  type CreateFarcasterLoginParameters,
  createFarcasterLogin,
} from '../embedded/social/farcasterLogin.ts'
import { socialCallbackPath } from '../embedded/social/registerSocialRoutes.ts'
import type { SocialProviderConfig } from '../embedded/social/socialProviders.ts'
import { drainOnClose } from '../http/drainOnClose.ts'
import { findUnstorableText } from '../http/findUnstorableText.ts'
import { createFallbackRateLimitStore } from '../http/rateLimitStore.ts'
import { registerSessionRoutes } from '../http/sessionRoutes.ts'
import { type TrustProxy, toFastifyTrustProxy } from '../http/trustProxy.ts'
import type { Mailer } from '../mail/createMailer.ts'
import { buildFrameBundle } from './buildFrameBundle.ts'
import { frameContentSecurityPolicy, renderFramePage } from './framePage.ts'

export type CreateFrameServerParameters = {
  /** The main server (database, projects, chains). The frame server closes with it. */
  server: FastifyInstance
  secrets: EmbeddedSecrets
  mailer: Mailer | undefined
  /** Operator-recovery mode (see `createEmbeddedWallet`); needs `recoveryKeyHolder`. */
  operatorRecovery: boolean
  /** Operator-recovery mode only. */
  recoveryKeyHolder: RecoveryKeyHolder | undefined
  /** The frame's public origin, e.g. `http://127.0.0.1:4401` or `https://frame.example.com`; a function when known only after listen. */
  frameOrigin: string | (() => string)
  /**
   * Other origins the same frame is served on, whose writes are accepted as the frame's own
   * (development: `http://localhost:4401` beside `http://127.0.0.1:4401`, since WebAuthn refuses
   * an IP address as a passkey's relying party). Cookies stay per host: each origin has its own
   * sessions. Default none.
   */
  alternateFrameOrigins?: readonly string[] | (() => readonly string[]) | undefined
  /** Requests per minute per IP and mail/code requests per minute per email; false = off. */
  rateLimit?: { perIpPerMinute?: number; perEmailPerMinute?: number } | false | undefined
  redisUrl?: string | undefined
  trustProxy?: TrustProxy | undefined
  logger?: false | { level?: string; stream?: DestinationStream } | undefined
  /** Session access-token lifetime (default 15 min). */
  accessTokenTtlSeconds?: number | undefined
  /** Configured social login providers (default none). */
  socialProviders?: readonly SocialProviderConfig[] | undefined
  /** Sign In With Farcaster (default off). */
  farcaster?: CreateFarcasterLoginParameters | undefined
  /**
   * Failed code checks per address (default 20 per 24 h, then a lock of at least 1 h and a mail);
   * false = no budget (the per-code limit of 5 stays).
   */
  loginFailureBudget?: Partial<LoginFailureBudget> | false | undefined
  /**
   * Proof of work after repeated email login starts from one network (default: beyond 3 in 10
   * minutes, 16 bits); off with `rateLimit: false` or `false`.
   */
  loginProofOfWork?: Partial<LoginProofOfWorkOptions> | false | undefined
  /**
   * Seconds between two code mails to one address (default 30, SPEC §5). The local world's
   * end-to-end run sets it short, so its tests need not wait half a minute between logins.
   */
  emailCooldownSeconds?: number | undefined
  /** Absolute session lifetime (default 90 days). */
  sessionLifetimeSeconds?: number | undefined
  /** The approximate place of an IP, shown with device approvals; none = not shown. */
  placeLookup?: PlaceLookup | undefined
  /** The clean-up job (default: hourly, rows deleted 7 days after their use ended); false = off. */
  cleanup?: { graceMs?: number; intervalMs?: number } | false | undefined
}

const bundlePath = '/frame.js'

/**
 * The embedded wallet's own origin: the frame page, its script, and the `/v1/embedded/*` routes
 * (so the session cookies are first-party to the frame). Not listening until `listen`.
 */
export async function createFrameServer(
  parameters: CreateFrameServerParameters,
): Promise<FastifyInstance> {
  const { server, secrets } = parameters
  const frame = Fastify({
    logger:
      parameters.logger === false
        ? false
        : {
            level: parameters.logger?.level ?? 'info',
            ...(parameters.logger?.stream ? { stream: parameters.logger.stream } : {}),
            redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
            // Approval tokens travel in query strings: never log a query.
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: request.url.split('?')[0],
                remoteAddress: request.ip,
              }),
            },
          },
    bodyLimit: 64 * 1024,
    trustProxy: toFastifyTrustProxy(parameters.trustProxy),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  })
  const db = server.foyer.database.db
  const frameOrigin = () =>
    new URL(
      typeof parameters.frameOrigin === 'function'
        ? parameters.frameOrigin()
        : parameters.frameOrigin,
    ).origin
  const secure = frameOrigin().startsWith('https:')
  const alternateOrigins = () => {
    const origins = parameters.alternateFrameOrigins
    return (typeof origins === 'function' ? origins() : (origins ?? [])).map(
      (origin) => new URL(origin).origin,
    )
  }
  const isFrameOrigin = (origin: string) =>
    origin === frameOrigin() || alternateOrigins().includes(origin)

  const redis = parameters.redisUrl
    ? new Redis(parameters.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined
  await frame.register(rateLimit, {
    global: false,
    // Per process while Redis is down (see `createFallbackRateLimitStore`), never off.
    ...(redis
      ? {
          store: createFallbackRateLimitStore({
            redis,
            nameSpace: 'foyer:frame-ratelimit:',
            log: frame.log,
            label: 'frame',
          }),
        }
      : {}),
    skipOnError: false,
  })
  const limits = parameters.rateLimit === false ? undefined : (parameters.rateLimit ?? {})
  const ipLimiter = limits
    ? frame.createRateLimit({
        max: limits.perIpPerMinute ?? 300,
        timeWindow: 60_000,
        keyGenerator: (request) => `embedded-ip:${request.ip}`,
      })
    : undefined
  const emailLimiterFor = new Map<string, string>()
  const emailLimiter = limits
    ? frame.createRateLimit({
        max: limits.perEmailPerMinute ?? 20,
        timeWindow: 60_000,
        keyGenerator: (request) => `embedded-email:${emailLimiterFor.get(request.id) ?? ''}`,
      })
    : undefined

  frame.addHook('onRequest', async (request) => {
    if (ipLimiter && request.url.startsWith('/v1/embedded/')) {
      const limit = await ipLimiter(request)
      if (!limit.isAllowed && limit.isExceeded)
        throw new EmbeddedApiError(429, 'rate_limited', 'Rate Limited', {
          retryAfterSeconds: limit.ttlInSeconds,
        })
    }
    // Cookies are SameSite=Strict; refusing foreign Origins on writes is the second lock.
    const origin = request.headers.origin
    // The social callback page takes Apple's form POST from the provider's origin; it only shows
    // a page and changes nothing.
    const isSocialCallback = request.url.split('?')[0] === socialCallbackPath
    if (
      request.method !== 'GET' &&
      origin !== undefined &&
      !isFrameOrigin(origin) &&
      !isSocialCallback
    )
      throw new EmbeddedApiError(403, 'origin_not_allowed', 'Unauthorized: origin not allowed')
  })
  // Text the database cannot store (NUL, lone surrogates) is refused in every route's input: the
  // frame's schemas accept any string in ids, and PostgreSQL would answer a 500.
  frame.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const problem = findUnstorableText(value, part)
      if (problem) throw new EmbeddedApiError(400, 'invalid_input', problem.message)
    }
  })
  frame.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff')
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })

  drainOnClose(frame)
  frame.setErrorHandler((thrown: FastifyError | EmbeddedApiError, request, reply) => {
    const error = isDatabaseUnavailableError(thrown) ? databaseUnavailable(thrown) : thrown
    if (error instanceof EmbeddedApiError) {
      if (error instanceof MalformedCookieError) expireCookie(reply, error.cookieName, secure)
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds))
      // An outage, not a defect: one line without the stack.
      if (error.code === 'database_unavailable')
        request.log.warn(
          { err: { message: thrown.message, code: thrown.code } },
          'database unavailable: answered 503',
        )
      else if (error.statusCode >= 500) request.log.error({ err: error }, 'embedded request failed')
      return reply.status(error.statusCode).send({
        error: error.code,
        message: error.shortMessage,
        ...(error.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: error.retryAfterSeconds }
          : {}),
        ...(error instanceof ProofRequiredError ? { proofOfWork: error.proofOfWork } : {}),
      })
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 400 && status < 500)
      return reply.status(status).send({ error: 'invalid_input', message: error.message })
    request.log.error({ err: error }, 'embedded request failed')
    return reply.status(500).send({ error: 'server_error', message: 'Server Error' })
  })
  // Apple returns the social login result as a form POST (response_mode=form_post).
  frame.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  )
  frame.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ error: 'not_found', message: 'Not Found' }),
  )

  const failureBudget =
    parameters.loginFailureBudget === false
      ? undefined
      : { ...defaultLoginFailureBudget, ...parameters.loginFailureBudget }
  const proofOfWork =
    parameters.loginProofOfWork === false || parameters.rateLimit === false
      ? undefined
      : { ...defaultLoginProofOfWork, ...parameters.loginProofOfWork }
  const sessionLifetimeSeconds = parameters.sessionLifetimeSeconds ?? defaultSessionLifetimeSeconds

  // The frame registers the smart sessions it grants, and revokes them, on its own origin.
  registerSessionRoutes(frame, server.foyer, { checkOrigin: false })
  registerEmbeddedRoutes(frame, {
    db,
    sessions: createSessionService({
      db,
      // One subkey per purpose (HKDF of the session secret), each with its predecessors.
      secret: secrets.keys.sessionJwt.current,
      verifyingSecrets: secrets.keys.sessionJwt.verifying,
      refreshTokenKeys: secrets.keys.refreshTokens,
      secure,
      accessTokenTtlSeconds: parameters.accessTokenTtlSeconds,
      sessionLifetimeSeconds,
    }),
    codes: createCodeStore({
      db,
      key: secrets.keys.oneTimeCodes.current,
      verifyingKeys: secrets.keys.oneTimeCodes.verifying,
      budget: failureBudget ?? false,
      emailCooldownSeconds: parameters.emailCooldownSeconds,
      // Once per lock: the address learns that codes are being guessed and for how long.
      onLock: async ({ email }, lockedUntil) => {
        frame.log.warn('code login locked for an address after too many wrong codes')
        await parameters.mailer
          ?.send(loginLockedMail(email, lockedUntil))
          .catch((error: unknown) => frame.log.error({ err: error }, 'lock notice not sent'))
      },
    }),
    loginProof: proofOfWork
      ? createLoginProofOfWork({
          db,
          key: secrets.keys.approvalTokens.current,
          options: proofOfWork,
        })
      : undefined,
    placeLookup: parameters.placeLookup,
    cipher: createShareCipher(secrets.shareKey),
    mailer: parameters.mailer,
    operatorRecovery: parameters.operatorRecovery,
    recoveryKeyHolder: parameters.operatorRecovery ? parameters.recoveryKeyHolder : undefined,
    tokenKey: secrets.keys.approvalTokens.current,
    verifyingTokenKeys: secrets.keys.approvalTokens.verifying,
    frameOrigin,
    frameOrigins: () => [frameOrigin(), ...alternateOrigins()],
    findProject: server.foyer.findProject,
    socialProviders: new Map(
      (parameters.socialProviders ?? []).map((provider) => [
        provider.id,
        createSocialClient(provider),
      ]),
    ),
    farcaster: parameters.farcaster ? createFarcasterLogin(parameters.farcaster) : undefined,
    allowEmail: async (request, email) => {
      if (!emailLimiter) return true
      emailLimiterFor.set(request.id, email)
      try {
        const limit = await emailLimiter(request)
        return limit.isAllowed || !limit.isExceeded
      } finally {
        emailLimiterFor.delete(request.id)
      }
    },
  })

  // Built once, on first request, then kept in memory.
  let bundle: Promise<string> | undefined
  frame.get(bundlePath, async (_request, reply) => {
    bundle ??= buildFrameBundle()
    const code = await bundle.catch((error: unknown) => {
      bundle = undefined
      throw error
    })
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache')
    return code
  })
  // Where a browser cannot detect a covered frame, approvals move to this top-level window.
  frame.get('/secure-window', async (_request, reply) => {
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', secureWindowContentSecurityPolicy)
      .header('referrer-policy', 'no-referrer')
    return secureWindowPage
  })
  frame.get('/frame.css', async (_request, reply) => {
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache')
    return frameStyles
  })

  // Only in operator-recovery mode does the frame seal anything to the operator.
  const recoveryPublicKey = parameters.operatorRecovery
    ? parameters.recoveryKeyHolder?.publicKey
    : undefined
  const servePage = async (
    request: { query: unknown },
    reply: import('fastify').FastifyReply,
  ): Promise<string> => {
    const { projectId } = (request.query ?? {}) as { projectId?: unknown }
    const valid = v.safeParse(projectIdSchema, projectId)
    reply.type('text/html; charset=utf-8')
    if (projectId !== undefined && !valid.success) {
      reply.status(400).header('content-security-policy', "default-src 'none'; frame-ancestors *")
      return `Invalid projectId: ${valid.issues[0].message}`
    }
    const project = valid.success ? await server.foyer.findProject(valid.output) : undefined
    if (!project) {
      reply.status(403).header('content-security-policy', "default-src 'none'; frame-ancestors *")
      return 'Unauthorized: invalid key'
    }
    const rpcUrls = Object.fromEntries(
      server.foyer.chains.map((chain) => [chain.config.chainId, chain.config.rpcUrl]),
    )
    const { smartAccounts } = server.foyer
    reply.header(
      'content-security-policy',
      frameContentSecurityPolicy({
        // The bundlers too: the frame sends the smart account's user operations to them.
        rpcUrls: [...Object.values(rpcUrls), ...smartAccounts.map((network) => network.bundlerUrl)],
        allowedOrigins: project.allowedOrigins,
      }),
    )
    reply.header('referrer-policy', 'no-referrer')
    return renderFramePage(
      {
        projectId: project.id,
        allowedOrigins: project.allowedOrigins,
        operatorRecovery: parameters.operatorRecovery,
        ...(recoveryPublicKey ? { recoveryPublicKey } : {}),
        rpcUrls,
        ...(smartAccounts.length > 0
          ? {
              smartAccounts: Object.fromEntries(
                smartAccounts.map(({ chainId, ...network }) => [
                  Number(chainId.slice('eip155:'.length)),
                  // The protocol schema checked every address's 0x-hex form.
                  network as FrameSmartAccountNetwork,
                ]),
              ),
            }
          : {}),
        solanaTokens: server.foyer.solanaChains.flatMap((chain) =>
          chain.tokens.map(({ mint, symbol, name, decimals }) => ({
            mint,
            symbol,
            name,
            decimals,
          })),
        ),
        chains: Object.fromEntries(
          server.foyer.chains.map(({ config }) => [
            config.chainId,
            {
              name: config.name,
              nativeCurrency: config.nativeCurrency,
              tokens: config.tokens.map(({ address, symbol, name, decimals }) => ({
                address,
                symbol,
                name,
                decimals,
              })),
            },
          ]),
        ),
      },
      bundlePath,
    )
  }
  frame.get('/', servePage)
  frame.get('/frame', servePage)

  // Codes, approvals, sessions, login flows, challenges and requests past their use are deleted.
  let cleanup: EmbeddedCleanup | undefined
  const cleanupOptions = parameters.cleanup
  if (cleanupOptions !== false)
    frame.addHook('onReady', async () => {
      cleanup ??= startEmbeddedCleanup({
        db,
        intervalMs: cleanupOptions?.intervalMs,
        options: {
          graceMs: cleanupOptions?.graceMs ?? defaultEmbeddedCleanup.graceMs,
          deviceBlockMs: defaultEmbeddedCleanup.deviceBlockMs,
          sessionLifetimeMs: sessionLifetimeSeconds * 1000,
          failureWindowMs: (failureBudget ?? defaultLoginFailureBudget).windowMs,
          loginStartWindowMs: (proofOfWork ?? defaultLoginProofOfWork).windowMs,
        },
        onDeleted: (result) =>
          frame.log.info({ deleted: result }, 'embedded rows past use deleted'),
        onError: (error) => frame.log.warn({ err: error }, 'embedded clean-up failed'),
      })
    })

  server.addHook('onClose', async () => {
    await frame.close()
  })
  frame.addHook('onClose', async () => {
    await cleanup?.stop()
    parameters.mailer?.close()
    if (redis) await redis.quit().catch(() => redis.disconnect())
  })
  return frame
}
