import { base58 } from '@scure/base'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeBase58btc, InvalidBase58CharacterError } from './decodeBase58btc.ts'

describe('decodeBase58btc', () => {
  it('decodes what an independent base58 encoder produces, leading zeros included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(decodeBase58btc(base58.encode(bytes))).toEqual(bytes)
      }),
    )
  })

  it('decodes a known vector', () => {
    expect(new TextDecoder().decode(decodeBase58btc('StV1DL6CwTryKyV'))).toBe('hello world')
  })

  it('rejects characters outside the bitcoin alphabet', () => {
    expect(() => decodeBase58btc('abc0')).toThrow(InvalidBase58CharacterError)
    expect(() => decodeBase58btc('IOl')).toThrow(InvalidBase58CharacterError)
  })
})
