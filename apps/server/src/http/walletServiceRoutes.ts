import {
  type GetAnalyticsConfigResponse,
  type GetConfigResponse,
  type GetOriginsResponse,
  type GetWalletsResponse,
  routes,
} from '@foyer/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type CachedResponse, entityTag, jsonContentType } from '../cache/createResponseCache.ts'
import { NotFoundError } from '../errors.ts'
import { monogramSvg } from '../images/monogramSvg.ts'
import { tokenMarkSvg } from '../images/tokenMarkSvg.ts'
import type { Project } from '../projects/projects.ts'
import { queryWallets } from '../registry/wallets.ts'
import { parseInput } from './parseInput.ts'
import { prepareAnswer } from './preparedAnswer.ts'
import { createAnswerSender } from './sendCachedResponse.ts'

/**
 * Names of well-known networks, for generated network icons (`/public/getAssetImage/{id}`). A Map:
 * ids come from the request, and a plain object would answer `__proto__` or `constructor`.
 */
const knownNetworks = new Map<string, string>(
  Object.entries({
    'eip155:1': 'Ethereum',
    'eip155:10': 'OP Mainnet',
    'eip155:56': 'BNB Smart Chain',
    'eip155:100': 'Gnosis',
    'eip155:137': 'Polygon',
    'eip155:324': 'zkSync',
    'eip155:8453': 'Base',
    'eip155:42161': 'Arbitrum One',
    'eip155:42220': 'Celo',
    'eip155:43114': 'Avalanche',
    'eip155:59144': 'Linea',
    'eip155:11155111': 'Sepolia',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
    'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'Solana Devnet',
    'solana:4uhcVJyU9pJkvQyS88uRDiswHXSPWj5d': 'Solana Testnet',
    'bip122:000000000019d6689c085ae165831e93': 'Bitcoin',
    'bip122:000000000933ea01ad0ee984209779ba': 'Bitcoin Testnet',
  }),
)

/** Fiat currencies with their signs, for `/public/getCurrencyImage/{id}` (a Map, as above). */
const currencySigns = new Map<string, string>(
  Object.entries({
    USD: '$',
    EUR: '€',
    GBP: '£',
    JPY: '¥',
    CHF: 'Fr',
    CAD: 'C$',
    AUD: 'A$',
    BRL: 'R$',
    INR: '₹',
    KRW: '₩',
    MXN: 'M$',
    SGD: 'S$',
    TRY: '₺',
  }),
)

/** Images change rarely; clients may keep them a day. */
const imageCacheControl = 'public, max-age=86400'
/** A returning visitor's dialog lists wallets without asking for 5 minutes. */
const walletListCacheControl = 'public, max-age=300'
/** Project answers are asked again each time (a changed project shows at once), answered 304. */
const projectAnswerCacheControl = 'no-cache'
/** Server-side lifetime of wallet lists and images (a registry import drops them at once). */
const walletListTtlMs = 60_000
const walletImageTtlMs = 3_600_000

/** An SVG opened directly must not run anything. */
const imageHeaders = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
} as const

function sendSvg(reply: FastifyReply, svg: string) {
  return (
    reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', imageCacheControl)
      // An SVG opened directly must not run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg)
  )
}

/**
 * Answers built from a project alone, serialised once per project object: the project cache
 * hands out a new object when the project changed, so a changed project is answered afresh.
 */
function createProjectAnswers() {
  const answers = new WeakMap<Project, Map<string, CachedResponse>>()
  return function projectAnswer(project: Project, key: string, build: () => unknown) {
    let known = answers.get(project)
    if (!known) {
      known = new Map()
      answers.set(project, known)
    }
    let answer = known.get(key)
    if (!answer) {
      const body = JSON.stringify(build())
      answer = { ...prepareAnswer({ body, contentType: jsonContentType }), etag: entityTag(body) }
      known.set(key, answer)
    }
    return answer
  }
}

export function registerWalletServiceRoutes(app: FastifyInstance): void {
  const { foyer } = app
  const projectAnswer = createProjectAnswers()
  const sendAnswer = createAnswerSender()
  // A URL answered before is answered again (fast lane, or the first hook) while what it depends
  // on holds.
  const early = foyer.earlyAnswers
  const answerEarly = { onRequest: early.answerEarly }

  /** Sends a project answer, remembered for its URL while the project stays the same. */
  function sendProjectAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    project: Project,
    answer: CachedResponse,
    options: { checkOrigin?: boolean; isCurrent?: () => boolean } = {},
  ) {
    early.remember(request, {
      projectId: project.id,
      project,
      checkOrigin: options.checkOrigin ?? true,
      isCurrent: options.isCurrent,
      validUntil: Number.POSITIVE_INFINITY,
      answer,
      cacheControl: projectAnswerCacheControl,
    })
    return sendAnswer(request, reply, answer, { cacheControl: projectAnswerCacheControl })
  }

  app.get(routes.getConfig.path, answerEarly, async (request, reply) => {
    const query = parseInput(routes.getConfig.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId)
    // Login providers are added while the server starts: their count keys the answer.
    const loginProviders = foyer.loginProviders.size
    const answer = projectAnswer(project, `config:${loginProviders}`, (): GetConfigResponse => {
      // Only logins this server can run: a button that cannot work is not offered.
      const socials = project.features.socials.filter((social) => foyer.loginProviders.has(social))
      return {
        projectId: project.id,
        name: project.name,
        features: { ...project.features, socials },
        ...(foyer.nameZone ? { names: { zone: foyer.nameZone } } : {}),
        ...(foyer.smartAccounts.length > 0 ? { smartAccounts: foyer.smartAccounts } : {}),
      }
    })
    return sendProjectAnswer(request, reply, project, answer, {
      isCurrent: () => foyer.loginProviders.size === loginProviders,
    })
  })

  app.get(routes.getOrigins.path, answerEarly, async (request, reply) => {
    const query = parseInput(routes.getOrigins.query, request.query, 'query')
    // The allow-list is what the client checks its own origin against, so it is answered to any origin.
    const project = await foyer.requireProject(request, query.projectId, { checkOrigin: false })
    const answer = projectAnswer(
      project,
      'origins',
      (): GetOriginsResponse => ({ allowedOrigins: project.allowedOrigins }),
    )
    return sendProjectAnswer(request, reply, project, answer, { checkOrigin: false })
  })

  app.get(routes.getAnalyticsConfig.path, answerEarly, async (request, reply) => {
    const query = parseInput(routes.getAnalyticsConfig.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId)
    const answer = projectAnswer(
      project,
      'analytics',
      (): GetAnalyticsConfigResponse => ({ isAnalyticsEnabled: project.features.analytics }),
    )
    return sendProjectAnswer(request, reply, project, answer)
  })

  app.get(routes.getWallets.path, answerEarly, async (request, reply) => {
    const query = parseInput(routes.getWallets.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId)
    // The listing is the same for every project: only what selects it keys it (not the SDK's
    // name or version, nor parameters the route ignores).
    const listing = {
      page: query.page,
      entries: query.entries,
      include: query.include,
      exclude: query.exclude,
      search: query.search,
      badgeType: query.badge_type,
      chains: query.chains,
    }
    const registryVersion = await foyer.responses.registryVersion()
    const key = `response:wallets:${registryVersion}:${JSON.stringify(listing)}`
    const cached =
      (await foyer.responses.get(key, { immutableMs: walletListTtlMs })) ??
      (await foyer.responses.set(
        key,
        (await queryWallets({ db: foyer.database.db, ...listing })) satisfies GetWalletsResponse,
        walletListTtlMs,
      ))
    early.remember(request, {
      projectId: project.id,
      project,
      checkOrigin: true,
      registryVersion,
      validUntil: Date.now() + walletListTtlMs,
      answer: cached,
      cacheControl: walletListCacheControl,
    })
    return sendAnswer(request, reply, cached, { cacheControl: walletListCacheControl })
  })

  async function checkOptionalProject(
    request: Parameters<typeof foyer.requireProject>[0],
    projectId: string | undefined,
  ) {
    return projectId !== undefined ? await foyer.requireProject(request, projectId) : undefined
  }

  app.get(routes.getWalletImage.path, answerEarly, async (request, reply) => {
    const { id } = parseInput(routes.getWalletImage.params, request.params, 'params')
    const query = parseInput(routes.getWalletImage.query, request.query, 'query')
    const project = await checkOptionalProject(request, query.projectId)
    const registryVersion = await foyer.responses.registryVersion()
    const key = `response:wallet-image:${registryVersion}:${id}`
    let cached = await foyer.responses.getBinary(key, { immutableMs: walletImageTtlMs })
    if (!cached) {
      const image = await foyer.database.db
        .selectFrom('images')
        .select(['content_type', 'data'])
        .where('kind', '=', 'wallet')
        .where('id', '=', id)
        .executeTakeFirst()
      if (!image) throw new NotFoundError(`No image for wallet ${id}`)
      cached = await foyer.responses.setBinary(
        key,
        { contentType: image.content_type, data: image.data },
        walletImageTtlMs,
      )
    }
    // An SVG opened directly must not run anything.
    reply.headers(imageHeaders)
    early.remember(request, {
      projectId: project?.id,
      project,
      checkOrigin: true,
      registryVersion,
      validUntil: Date.now() + walletImageTtlMs,
      answer: cached,
      cacheControl: imageCacheControl,
      headers: imageHeaders,
    })
    return sendAnswer(request, reply, cached, { cacheControl: imageCacheControl })
  })

  app.get(routes.getAssetImage.path, async (request, reply) => {
    const { id } = parseInput(routes.getAssetImage.params, request.params, 'params')
    const query = parseInput(routes.getAssetImage.query, request.query, 'query')
    await checkOptionalProject(request, query.projectId)
    const caip = /^\d+$/.test(id) ? `eip155:${id}` : id
    const configured = foyer.chains.find((chain) => `eip155:${chain.config.chainId}` === caip)
    const name = configured?.config.name ?? knownNetworks.get(caip)
    if (!name) throw new NotFoundError(`No image for network ${id}`)
    return sendSvg(reply, monogramSvg({ label: name, shape: 'circle' }))
  })

  app.get(routes.getCurrencyImage.path, async (request, reply) => {
    const { id } = parseInput(routes.getCurrencyImage.params, request.params, 'params')
    const query = parseInput(routes.getCurrencyImage.query, request.query, 'query')
    await checkOptionalProject(request, query.projectId)
    const sign = currencySigns.get(id.toUpperCase())
    if (!sign) throw new NotFoundError(`No image for currency ${id}`)
    return sendSvg(reply, monogramSvg({ label: sign, color: '#2b6a4f', shape: 'circle' }))
  })

  app.get(routes.getTokenImage.path, async (request, reply) => {
    const { id } = parseInput(routes.getTokenImage.params, request.params, 'params')
    const query = parseInput(routes.getTokenImage.query, request.query, 'query')
    await checkOptionalProject(request, query.projectId)
    const symbol = id.toUpperCase()
    const known = foyer.chains.some(
      (chain) =>
        chain.config.nativeCurrency.symbol.toUpperCase() === symbol ||
        chain.config.tokens.some((token) => token.symbol.toUpperCase() === symbol),
    )
    if (!known && !['ETH', 'SOL', 'BTC', 'DOT'].includes(symbol)) {
      throw new NotFoundError(`No image for token ${id}`)
    }
    return sendSvg(
      reply,
      tokenMarkSvg(symbol) ?? monogramSvg({ label: symbol.slice(0, 4), shape: 'circle' }),
    )
  })
}
