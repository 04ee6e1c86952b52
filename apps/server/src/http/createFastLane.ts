import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger } from 'fastify'
import type { EarlyAnswers, EarlyHead } from './createEarlyAnswers.ts'
import type { RateLimitDecision } from './createRateLimiter.ts'
import type { createRequestLogRule } from './registerRequestLogging.ts'
import type { RequestAddress } from './trustProxy.ts'

/** Headers every answer of the server carries (set by an `onSend` hook on Fastify's way). */
export const everyAnswerHeaders: readonly string[] = ['x-content-type-options', 'nosniff']

export type CreateFastLaneParameters = {
  earlyAnswers: Pick<EarlyAnswers, 'findAhead' | 'admitAhead' | 'headFor'>
  /** From `close()` on, every request goes Fastify's way (which answers 503 while closing). */
  isClosing: () => boolean
  /** The per-IP limit the server's first hook applies (undefined: rate limits off). */
  limitClient?:
    | ((request: IncomingMessage) => RateLimitDecision | Promise<RateLimitDecision>)
    | undefined
  /** The request log (undefined: logging off), as `registerRequestLogging` writes it. */
  requestLog?:
    | {
        rule: ReturnType<typeof createRequestLogRule>
        log: FastifyBaseLogger
        /** Fastify's `genReqId`, so ids stay one sequence. */
        requestIds: () => string
        address: RequestAddress
      }
    | undefined
}

/** Answers a request and returns true, or returns false having written nothing. */
export type FastLane = (request: IncomingMessage, response: ServerResponse) => boolean

const noop = () => {}

/**
 * A lane in front of Fastify for answers the server already knows (see `createEarlyAnswers`): a
 * GET or HEAD of a remembered URL, whose answer still holds, whose client and project are admitted
 * at once (origin, per-IP and per-project rate), is written with one `writeHead` and one `end`
 * from header lists composed once per variant. Everything else, refusals included, goes to
 * Fastify as it came (a rate limit already counted is not counted again). The answer is the one
 * Fastify would give, byte for byte: the same head the routes' first hook sends, the headers the
 * `onSend` hooks add (`everyAnswerHeaders`), and `Content-Length` as Fastify sets it. Answers are
 * written in the call, so none is in flight when the server closes.
 */
export function createFastLane(parameters: CreateFastLaneParameters): FastLane {
  const { earlyAnswers, isClosing, limitClient, requestLog } = parameters
  /** Header lists as written, per head: GET's and HEAD's differ in `Content-Length` only. */
  const written = new WeakMap<EarlyHead, { GET?: string[]; HEAD?: string[] }>()

  function headersOf(head: EarlyHead, method: 'GET' | 'HEAD'): string[] {
    let forHead = written.get(head)
    if (forHead === undefined) {
      forHead = {}
      written.set(head, forHead)
    }
    const known = forHead[method]
    if (known !== undefined) return known
    const headers = [...head.headers, ...everyAnswerHeaders]
    // Fastify's lengths: none on a 304 to a GET; a HEAD's is its GET body's, and '0' on a 304.
    if (head.body !== undefined) headers.push('content-length', String(head.body.byteLength))
    else if (method === 'HEAD') headers.push('content-length', '0')
    forHead[method] = headers
    return headers
  }

  function logAnswered(request: IncomingMessage, response: ServerResponse, started: number) {
    const { rule, log, requestIds, address } = requestLog!
    const responseTime = performance.now() - started
    const line = rule(response.statusCode, responseTime)
    if (line === undefined) return
    // What Fastify's `req` serializer reads of a request.
    const req = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      host: address.host(request),
      ip: address.clientIp(request),
      socket: request.socket,
    }
    log
      .child({ reqId: requestIds() })
      [line.level]({ req, res: response, responseTime }, line.message)
  }

  return function answerAhead(request, response) {
    if (isClosing()) return false
    const found = earlyAnswers.findAhead(request)
    if (found === undefined) return false
    const started = requestLog ? performance.now() : 0
    if (limitClient) {
      const decision = limitClient(request)
      if (decision instanceof Promise) {
        // The route's hook waits for it (handed over by the limiter); nothing is left unhandled.
        decision.catch(noop)
        return false
      }
      if (decision.isExceeded) return false
    }
    if (!earlyAnswers.admitAhead(request, found)) return false
    const { head } = earlyAnswers.headFor(found, request)
    const method = request.method === 'HEAD' ? 'HEAD' : 'GET'
    response.writeHead(head.statusCode, headersOf(head, method))
    if (method === 'GET' && head.body !== undefined) response.end(head.body)
    else response.end()
    if (requestLog) logAnswered(request, response, started)
    return true
  }
}

/**
 * Puts the lane in front of the request handler Fastify gave its HTTP server: the server keeps
 * Fastify's settings (timeouts, keep-alive) and closing. Servers Fastify opens later for other
 * addresses of a host name (`localhost`) answer without the lane.
 */
export function putFastLaneInFront(server: Server, lane: FastLane): void {
  const handlers = server.listeners('request') as RequestListener[]
  if (handlers.length !== 1) return
  const handler = handlers[0]!
  server.removeListener('request', handler)
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!lane(request, response)) handler(request, response)
  })
}
