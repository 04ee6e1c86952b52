import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  type ContentEncoding,
  createEncodingChooser,
  encodedBody,
  type PreparedAnswer,
} from './preparedAnswer.ts'

export { jsonContentType } from '../cache/createResponseCache.ts'

export type SendPreparedAnswerOptions = {
  /** `Cache-Control` of the answer; none when undefined. */
  cacheControl?: string | undefined
}

/** Which form of a prepared answer a request gets. */
export type AnswerVariant = {
  /** The client has it (`If-None-Match`): 304 without a body. */
  notModified: boolean
  /** The compressed copy sent, when the client accepts one and the answer is worth it. */
  encoding: ContentEncoding | undefined
}

/**
 * Sends prepared answers (see `PreparedAnswer`): the stored bytes, or their compressed copy when
 * the client accepts one (decided once per `Accept-Encoding` value), with the entity tag, and 304
 * without a body when the client already has it (`If-None-Match`). A fresh answer and a stored
 * one go out through here alike, so their headers and bodies are the same bytes; the early
 * answers (see `createEarlyAnswers`) are made of the same parts (`variantOf`, `contentHeaders`,
 * `mergeVary`, `bodyOf`).
 */
export function createAnswerSender() {
  const chooseEncoding = createEncodingChooser()
  function variantOf(answer: PreparedAnswer, headers: IncomingHttpHeaders): AnswerVariant {
    const notModified =
      answer.etag !== undefined && isNotModified(headers['if-none-match'], answer.etag)
    return {
      notModified,
      encoding:
        !notModified && answer.compressible
          ? chooseEncoding(headers['accept-encoding'])
          : undefined,
    }
  }
  function sendAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: PreparedAnswer,
    { cacheControl }: SendPreparedAnswerOptions = {},
  ): FastifyReply {
    const variant = variantOf(answer, request.headers)
    const headers = contentHeaders(answer, cacheControl)
    for (let index = 0; index < headers.length; index += 2)
      reply.header(headers[index]!, headers[index + 1])
    // A compressible answer differs by `Accept-Encoding`, whichever encoding this one has.
    if (answer.compressible) {
      const vary = reply.getHeader('vary')
      reply.header(
        'vary',
        mergeVary(vary === undefined ? undefined : String(vary), 'Accept-Encoding'),
      )
    }
    if (variant.notModified) return reply.code(304).send()
    if (variant.encoding === undefined) return reply.send(answer.body)
    return reply.header('content-encoding', variant.encoding).send(bodyOf(answer, variant))
  }
  return Object.assign(sendAnswer, { variantOf })
}

export type AnswerSender = ReturnType<typeof createAnswerSender>

/** `Content-Type`, `ETag` and `Cache-Control` of an answer, as name, value, name, value… */
export function contentHeaders(answer: PreparedAnswer, cacheControl: string | undefined): string[] {
  const headers = ['content-type', answer.contentType]
  if (answer.etag !== undefined) headers.push('etag', answer.etag)
  if (cacheControl !== undefined) headers.push('cache-control', cacheControl)
  return headers
}

/** The body a variant sends: none for 304, else the stored bytes or their compressed copy. */
export function bodyOf(answer: PreparedAnswer, variant: AnswerVariant): Buffer | undefined {
  if (variant.notModified) return undefined
  return variant.encoding === undefined ? answer.body : encodedBody(answer, variant.encoding)
}

/** `Vary` with `value` added (once, case-insensitively) to what it already lists. */
export function mergeVary(current: string | undefined, value: string): string {
  if (current === undefined || current === '') return value
  // The CORS hook's `Origin` (the common case) costs no parsing.
  if (current === 'Origin') return `Origin, ${value}`
  return current
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes(value.toLowerCase())
    ? current
    : `${current}, ${value}`
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
