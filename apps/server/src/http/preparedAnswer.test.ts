import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  createEncodingChooser,
  createPreparedTexts,
  encodedBody,
  minCompressedBytes,
  parseAcceptEncoding,
  prepareAnswer,
} from './preparedAnswer.ts'

const json = 'application/json; charset=utf-8'

describe('parseAcceptEncoding', () => {
  it('prefers brotli, then gzip, as browsers accept them', () => {
    expect(parseAcceptEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(parseAcceptEncoding('gzip, deflate')).toBe('gzip')
    expect(parseAcceptEncoding('identity')).toBeUndefined()
  })

  it('respects refusals (q=0) and the * wildcard', () => {
    expect(parseAcceptEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(parseAcceptEncoding('*;q=0')).toBeUndefined()
    expect(parseAcceptEncoding('*')).toBe('br')
    expect(parseAcceptEncoding('*, br;q=0')).toBe('gzip')
  })

  it('decides once per header value', () => {
    const choose = createEncodingChooser()
    expect(choose(undefined)).toBeUndefined()
    expect(choose('gzip')).toBe('gzip')
    expect(choose('gzip')).toBe('gzip')
    expect(choose('br;q=0')).toBeUndefined()
  })
})

describe('prepareAnswer', () => {
  it('compresses text answers of at least 1 KiB, once, to the same bytes', () => {
    const body = JSON.stringify({ data: 'wallet '.repeat(400) })
    const answer = prepareAnswer({ body, contentType: json, etag: '"t"' })
    expect(answer.compressible).toBe(true)
    const gzip = encodedBody(answer, 'gzip')
    expect(gunzipSync(gzip).toString()).toBe(body)
    expect(encodedBody(answer, 'gzip')).toBe(gzip)
    expect(brotliDecompressSync(encodedBody(answer, 'br')).toString()).toBe(body)
    expect(encodedBody(answer, 'br').byteLength).toBeLessThan(body.length / 4)
  })

  it('sends small answers and images as they are', () => {
    expect(
      prepareAnswer({ body: 'x'.repeat(minCompressedBytes - 1), contentType: json }).compressible,
    ).toBe(false)
    expect(
      prepareAnswer({ body: Buffer.alloc(4_000), contentType: 'image/png' }).compressible,
    ).toBe(false)
    expect(
      prepareAnswer({ body: '<svg>'.padEnd(2_000, ' '), contentType: 'image/svg+xml' })
        .compressible,
    ).toBe(true)
  })
})

describe('createPreparedTexts', () => {
  it('reuses an answer while its texts are the same, and builds it afresh when one changed', () => {
    const preparedText = createPreparedTexts()
    let builds = 0
    const build = (parts: readonly string[]) => {
      builds++
      return parts.join('+')
    }
    const first = preparedText('k', ['a', 'b'], build, json)
    expect(preparedText('k', ['a', 'b'], build, json)).toBe(first)
    expect(builds).toBe(1)
    const changed = preparedText('k', ['a', 'c'], build, json)
    expect(changed.body.toString()).toBe('a+c')
    expect(builds).toBe(2)
  })
})
