import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidJsonRpcMessageError } from './errors.ts'
import { readRawJsonRpcId } from './readRawJsonRpcId.ts'

describe('readRawJsonRpcId', () => {
  it('keeps ids above 2^53 digit for digit', () => {
    const json =
      '{"jsonrpc":"2.0","method":"irn_publish","params":{"id":1},"id":1754983001234567891}'
    expect(readRawJsonRpcId(json)).toBe('1754983001234567891')
  })

  it('reads any integer id exactly, wherever it sits among other members', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 80n }),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.nat({ max: 10 }),
        (id, others, index) => {
          const members = Object.entries(others)
            .filter(([key]) => key !== 'id')
            .map(([key, value]) => `${JSON.stringify(key)} : ${JSON.stringify(value)}`)
          members.splice(Math.min(index, members.length), 0, `"id": ${id}`)
          expect(readRawJsonRpcId(`{ ${members.join(' ,\n')} }`)).toBe(id.toString())
        },
      ),
    )
  })

  it('returns JSON text that parses back to the id, whatever its type', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (id, params) => {
        const json = JSON.stringify({ params, id, jsonrpc: '2.0' })
        expect(JSON.parse(readRawJsonRpcId(json)!)).toEqual(JSON.parse(JSON.stringify(id)))
      }),
    )
  })

  it('finds an id key written with escapes and ignores nested ids', () => {
    expect(readRawJsonRpcId('{"params":{"id":"inner"},"\\u0069d":"outer"}')).toBe('"outer"')
    expect(readRawJsonRpcId('{"method":"x","params":[{"id":1}]}')).toBeUndefined()
  })

  it('rejects a message that is not an object', () => {
    expect(() => readRawJsonRpcId('[1,2]')).toThrow(InvalidJsonRpcMessageError)
  })
})
