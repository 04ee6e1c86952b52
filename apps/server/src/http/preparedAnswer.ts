import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * An answer ready to be written: its bytes, entity tag and type, and its compressed copies, each
 * made once, by the first request that accepts it. Hits then do no serialising, encoding or
 * compressing.
 */
export type PreparedAnswer = {
  etag: string | undefined
  contentType: string
  body: Buffer
  /** Whether the body is worth compressing (text types of at least `minCompressedBytes`). */
  compressible: boolean
  /** Compressed copies, made on first use. */
  encoded: { br?: Buffer | undefined; gzip?: Buffer | undefined }
}

/** Below this a compressed body saves less than the bytes its headers and framing cost. */
export const minCompressedBytes = 1_024

const compressibleTypes = /^(application\/json|image\/svg\+xml|text\/)/

export function prepareAnswer(parameters: {
  body: Buffer | string
  contentType: string
  etag?: string | undefined
}): PreparedAnswer {
  const body = typeof parameters.body === 'string' ? Buffer.from(parameters.body) : parameters.body
  return {
    etag: parameters.etag,
    contentType: parameters.contentType,
    body,
    compressible:
      body.byteLength >= minCompressedBytes && compressibleTypes.test(parameters.contentType),
    encoded: {},
  }
}

export type ContentEncoding = 'br' | 'gzip'

/** The encoding an answer is sent with for an `Accept-Encoding` header, decided once per value. */
export function createEncodingChooser(parameters: { maxEntries?: number } = {}) {
  const maxEntries = parameters.maxEntries ?? 256
  const decisions = new Map<string, ContentEncoding | undefined>()
  return function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
    if (acceptEncoding === undefined || acceptEncoding === '') return undefined
    if (decisions.has(acceptEncoding)) return decisions.get(acceptEncoding)
    const chosen = parseAcceptEncoding(acceptEncoding)
    if (decisions.size >= maxEntries) decisions.clear()
    decisions.set(acceptEncoding, chosen)
    return chosen
  }
}

/** Brotli when accepted, else gzip (RFC 9110 §12.5.3: `q=0` refuses, `*` accepts any). */
export function parseAcceptEncoding(header: string): ContentEncoding | undefined {
  const accepted = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    let quality = 1
    for (const param of params) {
      const [key, value] = param.trim().split('=')
      if (key === 'q') quality = Number(value)
    }
    if (name) accepted.set(name, Number.isFinite(quality) ? quality : 0)
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (quality('br') > 0) return 'br'
  if (quality('gzip') > 0) return 'gzip'
  return undefined
}

/** The answer's body in `encoding`, compressed on first use and kept with the answer. */
export function encodedBody(answer: PreparedAnswer, encoding: ContentEncoding): Buffer {
  const known = answer.encoded[encoding]
  if (known) return known
  const encoded =
    encoding === 'br'
      ? brotliCompressSync(answer.body, {
          params: {
            // Done once per answer: a mid quality, since a search answer is prepared per query.
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.byteLength,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : gzipSync(answer.body, { level: 6 })
  answer.encoded[encoding] = encoded
  return encoded
}

/**
 * Answers built from stored texts (a balance from each network's entry), prepared once per key
 * while the texts stay the same: a hit whose stored texts are unchanged (the same strings, from
 * the memory cache, or equal ones, from Redis) reuses the bytes and compressed copies.
 */
export function createPreparedTexts(parameters: { maxEntries?: number } = {}) {
  const maxEntries = parameters.maxEntries ?? 1_000
  const known = new Map<string, { parts: readonly string[]; answer: PreparedAnswer }>()
  return function preparedText(
    key: string,
    parts: readonly string[],
    build: (parts: readonly string[]) => string,
    contentType: string,
  ): PreparedAnswer {
    const hit = known.get(key)
    if (
      hit &&
      hit.parts.length === parts.length &&
      hit.parts.every((part, index) => part === parts[index])
    )
      return hit.answer
    const answer = prepareAnswer({ body: build(parts), contentType })
    known.delete(key)
    if (known.size >= maxEntries) {
      const oldest = known.keys().next()
      if (!oldest.done) known.delete(oldest.value)
    }
    known.set(key, { parts: [...parts], answer })
    return answer
  }
}
