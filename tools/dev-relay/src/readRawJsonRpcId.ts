import { InvalidJsonRpcMessageError } from './errors.ts'

export type ReadRawJsonRpcIdParameters = string
/** The exact JSON text of the top-level `id` member, or `undefined` when there is none. */
export type ReadRawJsonRpcIdReturnType = string | undefined
export type ReadRawJsonRpcIdErrorType = InvalidJsonRpcMessageError

/**
 * Reads the `id` of a JSON-RPC object as its source text. The WalletConnect SDK sends ids above
 * 2^53, which `JSON.parse` would round; echoing the text keeps them exact.
 * Expects valid JSON (parse it first): it only finds member boundaries.
 */
export function readRawJsonRpcId(json: ReadRawJsonRpcIdParameters): ReadRawJsonRpcIdReturnType {
  let position = skipWhitespace(json, 0)
  if (json[position] !== '{') throw new InvalidJsonRpcMessageError('expected a JSON object')
  position++
  let rawId: string | undefined
  while (true) {
    position = skipWhitespace(json, position)
    if (json[position] === '}') return rawId
    if (json[position] === ',') position = skipWhitespace(json, position + 1)
    const keyEnd = skipString(json, position)
    const key: unknown = JSON.parse(json.slice(position, keyEnd))
    position = skipWhitespace(json, keyEnd)
    if (json[position] !== ':') throw new InvalidJsonRpcMessageError('expected ":" after a key')
    const valueStart = skipWhitespace(json, position + 1)
    const valueEnd = skipValue(json, valueStart)
    // Like JSON.parse, the last duplicate key wins.
    if (key === 'id') rawId = json.slice(valueStart, valueEnd)
    position = valueEnd
  }
}

function skipWhitespace(json: string, position: number): number {
  while (position < json.length && ' \t\n\r'.includes(json[position]!)) position++
  return position
}

function skipString(json: string, start: number): number {
  if (json[start] !== '"') throw new InvalidJsonRpcMessageError('expected a string')
  let position = start + 1
  while (position < json.length) {
    const character = json[position]
    if (character === '\\') position += 2
    else if (character === '"') return position + 1
    else position++
  }
  throw new InvalidJsonRpcMessageError('unterminated string')
}

function skipValue(json: string, start: number): number {
  const first = json[start]
  if (first === '"') return skipString(json, start)
  if (first === '{' || first === '[') {
    let depth = 0
    let position = start
    while (position < json.length) {
      const character = json[position]
      if (character === '"') {
        position = skipString(json, position)
        continue
      }
      if (character === '{' || character === '[') depth++
      else if (character === '}' || character === ']') {
        depth--
        if (depth === 0) return position + 1
      }
      position++
    }
    throw new InvalidJsonRpcMessageError('unterminated object or array')
  }
  // A number, true, false or null runs until the next delimiter.
  let position = start
  while (position < json.length && !',}] \t\n\r'.includes(json[position]!)) position++
  if (position === start) throw new InvalidJsonRpcMessageError('expected a value')
  return position
}
