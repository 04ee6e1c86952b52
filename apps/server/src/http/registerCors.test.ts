import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { matchOrigin } from '../projects/matchOrigin.ts'
import type { Project } from '../projects/projects.ts'
import { registerCors } from './registerCors.ts'

const projects = new Map<string, Project>(
  [
    { id: 'local', allowedOrigins: ['http://localhost:*'] },
    { id: 'wildcard', allowedOrigins: ['https://*.example.com', 'https://exact.test'] },
  ].map((project) => [
    project.id,
    { ...project, name: project.id, features: {} as Project['features'] },
  ]),
)
const findProject = async (id: string) => projects.get(id)

/**
 * The policy as it was answered before actual requests got their own hook: `@fastify/cors` with
 * an options delegator for every request. Kept here as the reference the headers must equal.
 */
async function registerDelegatorCors(app: FastifyInstance) {
  const methods = ['GET', 'POST', 'DELETE', 'OPTIONS']
  const allowedHeaders = ['content-type', 'x-sdk-type', 'x-sdk-version', 'x-project-id']
  const isSignIn = (request: FastifyRequest) => request.url.startsWith('/v1/siwx/')
  const isDev = (request: FastifyRequest) => request.url.startsWith('/dev/')
  await app.register(cors, {
    hook: 'preHandler',
    delegator: async (request: FastifyRequest) => {
      const common = { methods, allowedHeaders, maxAge: 600 }
      if (isDev(request)) return { ...common, origin: false }
      if (request.method === 'OPTIONS')
        return { ...common, origin: true, credentials: isSignIn(request) }
      if (/^\/v1\/ccip(\/|\?|$)/.test(request.url)) return { ...common, origin: '*' }
      if (request.method === 'GET' && /^\/projects\/v1\/origins(\?|$)/.test(request.url))
        return { ...common, origin: true }
      const origin = request.headers.origin
      const query = request.query as Record<string, unknown>
      const body = request.body as Record<string, unknown> | undefined
      const projectId =
        typeof query.projectId === 'string' && query.projectId !== ''
          ? query.projectId
          : body?.projectId
      let allowed = false
      if (origin && typeof projectId === 'string' && projectId.length > 0) {
        const project = await findProject(projectId)
        allowed = project !== undefined && matchOrigin(origin, project.allowedOrigins)
      }
      return { ...common, origin: allowed, credentials: allowed && isSignIn(request) }
    },
  })
  app.addHook('onSend', async (request, reply: FastifyReply) => {
    const origin = request.headers.origin
    if (origin === undefined || reply.statusCode < 400 || isDev(request)) return
    if (!reply.hasHeader('access-control-allow-origin'))
      reply.header('access-control-allow-origin', origin)
    const vary = reply.getHeader('vary')
    if (vary === undefined) reply.header('vary', 'Origin')
    else if (!/\borigin\b/i.test(String(vary))) reply.header('vary', `${vary}, Origin`)
    reply.header('access-control-expose-headers', 'retry-after')
    if (isSignIn(request)) reply.header('access-control-allow-credentials', 'true')
  })
}

function addRoutes(app: FastifyInstance) {
  const answer = async () => ({ ok: true })
  app.get('/appkit/v1/config', answer)
  app.get('/projects/v1/origins', answer)
  app.get('/v1/ccip/:sender', answer)
  app.get('/dev/mailbox', answer)
  app.get('/refused', async () => {
    throw Object.assign(new Error('refused'), { statusCode: 403 })
  })
  app.post('/e', answer)
  app.post('/v1/siwx/verify', answer)
  app.get('/v1/siwx/session', answer)
}

async function build(register: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify({ logger: false })
  await register(app)
  addRoutes(app)
  // As the server: its own 404 answer, set after CORS.
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ statusCode: 404, message: `Route ${request.method} not found` }),
  )
  await app.ready()
  return app
}

const origins = [
  undefined,
  'http://localhost:5173',
  'https://app.example.com',
  'https://exact.test',
  'https://evil.test',
]
const projectIds = [undefined, 'local', 'wildcard', 'nobody']
const getPaths = [
  '/appkit/v1/config',
  '/projects/v1/origins',
  '/v1/ccip/0xabc',
  '/dev/mailbox',
  '/refused',
  '/v1/siwx/session',
  '/missing',
]
const postPaths = ['/e', '/v1/siwx/verify']

type Request = {
  method: 'GET' | 'HEAD' | 'POST' | 'OPTIONS'
  url: string
  headers: Record<string, string>
  payload?: string
}

function* requests(): Generator<Request> {
  for (const origin of origins)
    for (const projectId of projectIds) {
      const headers: Record<string, string> = origin ? { origin } : {}
      const query = projectId ? `?projectId=${projectId}` : ''
      for (const path of getPaths) {
        yield { method: 'GET', url: path + query, headers }
        yield { method: 'HEAD', url: path + query, headers }
        yield { method: 'OPTIONS', url: path + query, headers }
        yield {
          method: 'OPTIONS',
          url: path + query,
          headers: {
            ...headers,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'x-project-id',
          },
        }
      }
      for (const path of postPaths) {
        const json = { ...headers, 'content-type': 'application/json' }
        yield { method: 'POST', url: path + query, headers: json, payload: '{}' }
        if (projectId)
          yield { method: 'POST', url: path, headers: json, payload: JSON.stringify({ projectId }) }
        yield {
          method: 'OPTIONS',
          url: path + query,
          headers: { ...headers, 'access-control-request-method': 'POST' },
        }
      }
    }
}

async function answer(app: FastifyInstance, request: Request) {
  const response = await app.inject(request)
  const { date: _date, ...headers } = response.headers
  // Header order too: the bytes on the wire.
  return { status: response.statusCode, headers: Object.entries(headers), body: response.body }
}

describe('registerCors', () => {
  it("answers every request with the same CORS headers as @fastify/cors's options delegator", async () => {
    const reference = await build(registerDelegatorCors)
    const withPeek = await build((app) =>
      registerCors(app, { findProject, peekProject: (id) => ({ project: projects.get(id) }) }),
    )
    const withoutPeek = await build((app) => registerCors(app, { findProject }))
    let compared = 0
    for (const request of requests()) {
      const expected = await answer(reference, request)
      // Twice: the second answer comes from the remembered origin decision.
      for (const app of [withPeek, withPeek, withoutPeek]) {
        expect(await answer(app, request), `${request.method} ${request.url}`).toEqual(expected)
      }
      compared++
    }
    expect(compared).toBeGreaterThan(500)
    await Promise.all([reference.close(), withPeek.close(), withoutPeek.close()])
  })
})
