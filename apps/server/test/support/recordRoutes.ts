// Test helper: the routes each Fastify instance registers, without replacing the `fastify` module
// (a replaced module needs a module registry of its own: an 'isolated' test file).
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { FastifyInstance } from 'fastify'

export type RecordedRoute = { method: string; url: string }

export type RecordRoutesReturnType = {
  /** The routes `app` registered while recording; undefined for an instance made before. */
  routesOf: (app: FastifyInstance) => RecordedRoute[] | undefined
  stop: () => void
}

/**
 * Records every route of each Fastify instance created from now until `stop()`, as Fastify itself
 * reports it (`onRoute`): Fastify publishes each new instance on the `fastify.initialization`
 * diagnostics channel before any route can be added to it.
 */
export function recordRoutes(): RecordRoutesReturnType {
  const recorded = new Map<object, RecordedRoute[]>()
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance }
    const list: RecordedRoute[] = []
    recorded.set(fastify, list)
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) list.push({ method, url: route.url })
    })
  }
  subscribe('fastify.initialization', onInstance)
  return {
    routesOf: (app) => recorded.get(app),
    stop: () => unsubscribe('fastify.initialization', onInstance),
  }
}
