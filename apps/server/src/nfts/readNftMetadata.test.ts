import { describe, expect, test } from 'vitest'
import { decodeJsonDataUri, safeImageUrl } from './readNftMetadata.ts'

describe('decodeJsonDataUri', () => {
  test('reads base64 and percent-encoded JSON data URIs', () => {
    const json = JSON.stringify({ name: 'Punk #1', image: 'data:image/svg+xml;base64,PHN2Zy8+' })
    expect(
      decodeJsonDataUri(`data:application/json;base64,${Buffer.from(json).toString('base64')}`),
    ).toEqual(JSON.parse(json))
    expect(decodeJsonDataUri(`data:application/json,${encodeURIComponent(json)}`)).toEqual(
      JSON.parse(json),
    )
  })

  test('gives null for remote URIs, other media types and malformed JSON', () => {
    expect(decodeJsonDataUri('https://example.com/1.json')).toBeNull()
    expect(decodeJsonDataUri('data:text/plain,hello')).toBeNull()
    expect(decodeJsonDataUri('data:application/json,{not json')).toBeNull()
    expect(decodeJsonDataUri('data:application/json,[1,2]')).toBeNull()
  })
})

describe('safeImageUrl', () => {
  test('keeps http(s) URLs and data:image URIs, turns raw SVG into a data URI', () => {
    expect(safeImageUrl('https://example.com/a.png')).toBe('https://example.com/a.png')
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    expect(safeImageUrl('<svg xmlns="http://www.w3.org/2000/svg"/>')).toMatch(
      /^data:image\/svg\+xml;base64,/,
    )
  })

  test('drops scripts and other schemes', () => {
    expect(safeImageUrl('javascript:alert(1)')).toBeNull()
    expect(safeImageUrl('data:text/html,<script>alert(1)</script>')).toBeNull()
    expect(safeImageUrl('ipfs://Qm')).toBeNull()
    expect(safeImageUrl(null)).toBeNull()
  })
})
