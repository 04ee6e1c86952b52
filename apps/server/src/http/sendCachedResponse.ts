import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CachedBinary, CachedResponse } from '../cache/createResponseCache.ts'

/** What Fastify sends for a serialised object: a stored answer goes out with the same type. */
export const jsonContentType = 'application/json; charset=utf-8'

/**
 * Answers a stored JSON response as is, with its entity tag: 304 without a body when the client
 * already has it (`If-None-Match`).
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
  cacheControl: string,
): FastifyReply {
  reply
    .header('content-type', jsonContentType)
    .header('etag', cached.etag)
    .header('cache-control', cacheControl)
  if (isNotModified(request.headers['if-none-match'], cached.etag)) return reply.code(304).send()
  return reply.send(cached.body)
}

/** A stored image, as `sendCachedJson`; the caller sets its other headers first. */
export function sendCachedBinary(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBinary,
  cacheControl: string,
): FastifyReply {
  reply
    .header('content-type', cached.contentType)
    .header('etag', cached.etag)
    .header('cache-control', cacheControl)
  if (isNotModified(request.headers['if-none-match'], cached.etag)) return reply.code(304).send()
  return reply.send(cached.data)
}

/**
 * `If-None-Match` against the current tag, with the weak comparison RFC 9110 §13.1.2 asks for:
 * a list of tags, `W/` prefixes, or `*`.
 */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  if (ifNoneMatch === etag) return true
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === etag
  })
}
