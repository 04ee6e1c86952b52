import type { IncomingMessage } from 'node:http'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { HttpError } from '../errors.ts'
import { createOriginDecisions } from '../projects/createOriginDecisions.ts'
import type { Project } from '../projects/projects.ts'
import { createEarlyAnswers } from './createEarlyAnswers.ts'
import { prepareAnswer } from './preparedAnswer.ts'

const project = { id: 'p', allowedOrigins: ['https://app.example'] } as unknown as Project

/**
 * A balance-like route: answers the stored text, remembered for its URL while `isStored` holds.
 * `stored` is the shared cache (Redis) as another process may change it.
 */
async function startRoute(
  options: { admit?: (request: IncomingMessage) => Promise<void> | undefined } = {},
) {
  let time = 0
  let writes = 0
  let routeRuns = 0
  let storedReads = 0
  const store = { text: '{"balance":1}' }
  const early = createEarlyAnswers({
    peekProject: () => ({ project }),
    admitProject: (request) => options.admit?.(request),
    peekRegistryVersion: () => undefined,
    originDecisions: createOriginDecisions(),
    cacheWrites: () => writes,
    recheckMs: 1_000,
    now: () => time,
  })
  const app = Fastify({ logger: false })
  app.setErrorHandler((error: HttpError, _request, reply) =>
    reply.status(error.statusCode ?? 500).send({ code: error.code }),
  )
  app.get('/balance', { onRequest: early.answerEarly }, async (request, reply) => {
    routeRuns++
    const text = store.text
    early.remember(request, {
      projectId: project.id,
      project,
      checkOrigin: true,
      validUntil: time + 30_000,
      isStored: async () => {
        storedReads++
        return store.text === text
      },
      answer: prepareAnswer({ body: text, contentType: 'application/json' }),
    })
    return reply.header('content-type', 'application/json').send(text)
  })
  await app.ready()
  apps.push(app)
  return {
    get: () => app.inject({ url: '/balance', headers: { origin: 'https://app.example' } }),
    store,
    advance: (ms: number) => {
      time += ms
    },
    writeLocally: () => {
      writes++
    },
    routeRuns: () => routeRuns,
    storedReads: () => storedReads,
  }
}

const apps: { close: () => Promise<unknown> }[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

describe('createEarlyAnswers', () => {
  it('asks the shared cache whether a balance is still stored once a second, not per request', async () => {
    const route = await startRoute()
    await route.get()
    for (let request = 0; request < 10; request++)
      expect((await route.get()).body).toBe('{"balance":1}')
    expect(route.routeRuns()).toBe(1)
    expect(route.storedReads()).toBe(1)

    route.advance(1_000)
    await route.get()
    expect(route.storedReads()).toBe(2)
  })

  it('answers what another process stored once the second since the last check is over', async () => {
    const route = await startRoute()
    await route.get()
    await route.get()
    route.store.text = '{"balance":2}'
    route.advance(999)
    expect((await route.get()).body).toBe('{"balance":1}')
    route.advance(1)
    expect((await route.get()).body).toBe('{"balance":2}')
    expect(route.routeRuns()).toBe(2)
  })

  it('checks again at once after this process wrote to its cache (a forced update)', async () => {
    const route = await startRoute()
    await route.get()
    await route.get()
    route.store.text = '{"balance":3}'
    route.writeLocally()
    expect((await route.get()).body).toBe('{"balance":3}')
  })

  it("answers the project rate limiter's refusal as the route does", async () => {
    let refuse = false
    const route = await startRoute({
      admit: () =>
        refuse
          ? Promise.reject(new HttpError(429, 'RATE_LIMITED', 'Too many requests'))
          : Promise.resolve(),
    })
    await route.get()
    expect((await route.get()).statusCode).toBe(200)
    refuse = true
    const refused = await route.get()
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED' })
    expect(route.routeRuns()).toBe(1)
  })
})
