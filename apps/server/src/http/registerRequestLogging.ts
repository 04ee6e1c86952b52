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

/** Which line a completed request gets, if any. */
export type RequestLogLine = { level: 'warn' | 'error' | 'info'; message: string }

/**
 * The request log's rule, shared by the Fastify hook and the fast lane (see `createFastLane`):
 * slow requests (warn) and failures (error) always, other requests at the sample rate.
 */
export function createRequestLogRule(
  parameters: RegisterRequestLoggingParameters = {},
): (statusCode: number, responseTime: number) => RequestLogLine | undefined {
  const { sampleRate = 0, slowRequestMs = 1_000, random = Math.random } = parameters
  return (statusCode, responseTime) => {
    if (responseTime >= slowRequestMs) return { level: 'warn', message: 'slow request completed' }
    if (statusCode >= 500) return { level: 'error', message: 'request completed' }
    if (sampleRate > 0 && random() < sampleRate)
      return { level: 'info', message: 'request completed' }
    return undefined
  }
}

/**
 * One line per sampled, slow or failed request (failures are also logged, with the error, by the
 * error handler). Registered with Fastify's request logging off (`disableRequestLogging`). Returns
 * the rule, for the fast lane to log the requests it answers by it.
 */
export function registerRequestLogging(
  app: FastifyInstance,
  parameters: RegisterRequestLoggingParameters = {},
): ReturnType<typeof createRequestLogRule> {
  const rule = createRequestLogRule(parameters)
  app.addHook('onResponse', (request, reply, done) => {
    const responseTime = reply.elapsedTime
    const line = rule(reply.statusCode, responseTime)
    if (line) request.log[line.level]({ req: request, res: reply, responseTime }, line.message)
    done()
  })
  return rule
}

/**
 * Request ids as Fastify makes them by default (`req-1`, `req-2`, … in base 36), given to Fastify
 * as `genReqId` so the fast lane's log lines take theirs from the same sequence.
 */
export function createRequestIds(): () => string {
  // The largest small integer V8 keeps unboxed, as Fastify wraps its own.
  const maxInt = 2_147_483_647
  let next = 0
  return () => {
    next = (next + 1) & maxInt
    return `req-${next.toString(36)}`
  }
}
