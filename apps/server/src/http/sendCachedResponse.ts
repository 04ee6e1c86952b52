import type { FastifyReply, FastifyRequest } from 'fastify'
import { createEncodingChooser, encodedBody, type PreparedAnswer } from './preparedAnswer.ts'

export { jsonContentType } from '../cache/createResponseCache.ts'

export type SendPreparedAnswerOptions = {
  /** `Cache-Control` of the answer; none when undefined. */
  cacheControl?: string | undefined
}

/**
 * Sends prepared answers (see `PreparedAnswer`): the stored bytes, or their compressed copy when
 * the client accepts one (decided once per `Accept-Encoding` value), with the entity tag, and 304
 * without a body when the client already has it (`If-None-Match`). A fresh answer and a stored
 * one go out through here alike, so their headers and bodies are the same bytes.
 */
export function createAnswerSender() {
  const chooseEncoding = createEncodingChooser()
  return function sendAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: PreparedAnswer,
    { cacheControl }: SendPreparedAnswerOptions = {},
  ): FastifyReply {
    reply.header('content-type', answer.contentType)
    if (answer.etag !== undefined) reply.header('etag', answer.etag)
    if (cacheControl !== undefined) reply.header('cache-control', cacheControl)
    // A compressible answer differs by `Accept-Encoding`, whichever encoding this one has.
    if (answer.compressible) addVary(reply, 'Accept-Encoding')
    if (answer.etag !== undefined && isNotModified(request.headers['if-none-match'], answer.etag))
      return reply.code(304).send()
    const encoding = answer.compressible
      ? chooseEncoding(request.headers['accept-encoding'])
      : undefined
    if (encoding === undefined) return reply.send(answer.body)
    return reply.header('content-encoding', encoding).send(encodedBody(answer, encoding))
  }
}

function addVary(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary')
  if (current === undefined) reply.header('vary', value)
  // The CORS hook's `Origin` (the common case) costs no parsing.
  else if (current === 'Origin') reply.header('vary', `Origin, ${value}`)
  else if (
    !String(current)
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(value.toLowerCase())
  )
    reply.header('vary', `${String(current)}, ${value}`)
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
