import type { FastifyInstance } from 'fastify'

export type RegisterRequestLoggingParameters = {
  /**
   * Share of requests logged with one line when they complete, 0 (none, the default) to 1 (all).
   * Fastify's own two lines per request cost more CPU than a cached answer itself.
   */
  sampleRate?: number | undefined
  /** Requests slower than this are always logged (warn). Default 1 000 ms. */
  slowRequestMs?: number | undefined
  random?: (() => number) | undefined
}

/**
 * One line per sampled, slow or failed request (failures are also logged, with the error, by the
 * error handler). Registered with Fastify's request logging off (`disableRequestLogging`).
 */
export function registerRequestLogging(
  app: FastifyInstance,
  parameters: RegisterRequestLoggingParameters = {},
): void {
  const { sampleRate = 0, slowRequestMs = 1_000, random = Math.random } = parameters
  app.addHook('onResponse', (request, reply, done) => {
    const responseTime = reply.elapsedTime
    if (responseTime >= slowRequestMs)
      request.log.warn({ req: request, res: reply, responseTime }, 'slow request completed')
    else if (reply.statusCode >= 500)
      request.log.error({ req: request, res: reply, responseTime }, 'request completed')
    else if (sampleRate > 0 && random() < sampleRate)
      request.log.info({ req: request, res: reply, responseTime }, 'request completed')
    done()
  })
}
