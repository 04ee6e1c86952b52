import cors from '@fastify/cors'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createOriginDecisions, type OriginDecisions } from '../projects/createOriginDecisions.ts'
import type { Project } from '../projects/projects.ts'

export type RegisterCorsParameters = {
  findProject: (projectId: string) => Promise<Project | undefined>
  /** The fresh cached project without waiting, when there is one (see `ProjectCache.peek`). */
  peekProject?: ((projectId: string) => { project: Project | undefined } | undefined) | undefined
  /** Remembered origin decisions; default: a new memory. */
  originDecisions?: OriginDecisions | undefined
}

const allowedMethods = ['GET', 'POST', 'DELETE', 'OPTIONS']
const allowedHeaders = ['content-type', 'x-sdk-type', 'x-sdk-version', 'x-project-id']

/**
 * The CORS policy of the API:
 * - data responses are readable only by origins the request's project allows (project id from
 *   the query, or from the body where a route takes it there);
 * - error responses carry no project data and are readable by any origin, so a browser can tell
 *   a refused project id, a refused origin or a rate limit from a network failure (SPEC §8);
 * - preflights succeed for any origin, since the server checks the Origin of the actual request
 *   itself; otherwise a browser could not even see the 403 of a JSON POST.
 * Credentials are allowed on the sign-in routes (`/v1/siwx/…`) only, the one part of the API that
 * uses a cookie (`foyer_siwx`): their data responses to the project's origins, their preflights,
 * and their error responses (which never depend on the cookie: the `Origin` is checked before
 * any session is looked at, so a foreign page learns nothing of the visitor from them). Without
 * credentials on errors a browser would turn a 400 or 401 into a network failure.
 *
 * `@fastify/cors` answers OPTIONS requests; actual requests get the same headers from a
 * synchronous hook, which decides an origin once per allow-list (the plugin's options delegator
 * copied its options on every request, a quarter of a cached answer's CPU).
 */
export async function registerCors(
  app: FastifyInstance,
  { findProject, peekProject, originDecisions = createOriginDecisions() }: RegisterCorsParameters,
): Promise<void> {
  // Preflights: `@fastify/cors` in a context of its own, whose one route is its `OPTIONS *`, so
  // its per-request options delegator runs for OPTIONS requests only.
  const preflight = { methods: allowedMethods, allowedHeaders, maxAge: 600 }
  const preflightOptions = {
    // Development routes (login codes in the mailbox) are never readable by another origin.
    development: { ...preflight, origin: false },
    signIn: { ...preflight, origin: true, credentials: true },
    other: { ...preflight, origin: true, credentials: false },
  }
  await app.register(async (preflights) => {
    await preflights.register(cors, {
      hook: 'preHandler',
      delegator: async (request: FastifyRequest) =>
        isDevelopmentRoute(request)
          ? preflightOptions.development
          : isSignInRoute(request)
            ? preflightOptions.signIn
            : preflightOptions.other,
    })
  })

  // Actual requests (every other method, unknown routes too), after body parsing, so a project id
  // given only in the body counts too. The headers and their order are those of `@fastify/cors`
  // with an options delegator (which every request used to go through).
  app.addHook('preHandler', function corsHeaders(request, reply, done) {
    if (request.method === 'OPTIONS') return done()
    addVaryOrigin(reply)
    // Development routes (login codes in the mailbox) are never readable by another origin.
    if (isDevelopmentRoute(request)) return done()
    const origin = request.headers.origin
    // The CCIP-read gateway answers ENS clients of any origin, which send no project (EIP-3668
    // gateways answer `*`); its answers are public records, signed.
    if (isNameGatewayRoute(request)) {
      reply.header('access-control-allow-origin', '*')
      return done()
    }
    // The allow-list is what a page checks its own origin against ('Unverified Domain'), so a
    // page on an origin outside it must be able to read it.
    if (isOriginsRoute(request)) {
      const allowed = allowedOrigin(origin, undefined, originDecisions, { anyOrigin: true })
      if (allowed) reply.header('access-control-allow-origin', allowed)
      return done()
    }
    const projectId = origin ? requestProjectId(request) : undefined
    if (!origin || !projectId) return done()
    const allow = (project: Project | undefined) => {
      const allowed = allowedOrigin(origin, project, originDecisions)
      if (!allowed) return
      reply.header('access-control-allow-origin', allowed)
      if (isSignInRoute(request)) reply.header('access-control-allow-credentials', 'true')
    }
    // The project is most often in the cache: then no promise is made.
    const peeked = peekProject?.(projectId)
    if (peeked) {
      allow(peeked.project)
      return done()
    }
    findProject(projectId)
      .then(allow, () => undefined)
      .then(() => done(), done)
  })

  // Runs for every reply, also for refusals thrown before the CORS hook (per-IP rate limit).
  app.addHook('onSend', (request, reply, payload, done) => {
    const origin = request.headers.origin
    if (origin === undefined || reply.statusCode < 400 || isDevelopmentRoute(request))
      return done(null, payload)
    if (!reply.hasHeader('access-control-allow-origin')) {
      reply.header('access-control-allow-origin', origin)
    }
    addVaryOrigin(reply)
    reply.header('access-control-expose-headers', 'retry-after')
    if (isSignInRoute(request)) reply.header('access-control-allow-credentials', 'true')
    done(null, payload)
  })
}

/**
 * The `Access-Control-Allow-Origin` of a data answer of the request's project: the request's
 * origin when the project allows it, or any origin's for an answer every page may read (the
 * allow-list itself). The CORS hook and the early answers (see `createEarlyAnswers`) decide by it.
 */
export function allowedOrigin(
  origin: string | undefined,
  project: Project | undefined,
  originDecisions: OriginDecisions,
  { anyOrigin = false }: { anyOrigin?: boolean } = {},
): string | undefined {
  if (!origin) return undefined
  if (anyOrigin) return origin
  return project && originDecisions.isAllowed(origin, project.allowedOrigins) ? origin : undefined
}

const isDevelopmentRoute = (request: FastifyRequest) => request.url.startsWith('/dev/')
const isSignInRoute = (request: FastifyRequest) => request.url.startsWith('/v1/siwx/')
const isOriginsRoute = (request: FastifyRequest) =>
  request.method === 'GET' && /^\/projects\/v1\/origins(\?|$)/.test(request.url)
const isNameGatewayRoute = (request: FastifyRequest) => /^\/v1\/ccip(\/|\?|$)/.test(request.url)

function requestProjectId(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.projectId
  const body = request.body
  const fromBody =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>).projectId
      : undefined
  const projectId = typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : fromBody
  return typeof projectId === 'string' && projectId.length > 0 && projectId.length <= 128
    ? projectId
    : undefined
}

/** The answer depends on the Origin: caches must keep one copy per origin. */
function addVaryOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary')
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary)
  const values = current.split(',').map((value) => value.trim().toLowerCase())
  if (values.includes('origin') || values.includes('*')) return
  reply.header('vary', current ? `${current}, Origin` : 'Origin')
}
