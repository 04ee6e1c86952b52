import { BaseError } from './errors.ts'

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const digitByCharacter = new Map([...alphabet].map((character, digit) => [character, digit]))

export type DecodeBase58btcParameters = string
export type DecodeBase58btcReturnType = Uint8Array
export type DecodeBase58btcErrorType = InvalidBase58CharacterError

export class InvalidBase58CharacterError extends BaseError {
  override name = 'InvalidBase58CharacterError'
  constructor(character: string) {
    super(`"${character}" is not a base58btc character.`)
  }
}

/** Decodes Bitcoin-alphabet base58 (the `z` multibase, without the `z`). */
export function decodeBase58btc(text: DecodeBase58btcParameters): DecodeBase58btcReturnType {
  // Each leading '1' is one leading zero byte; the rest is a big-endian base-58 number.
  let leadingZeros = 0
  while (text[leadingZeros] === '1') leadingZeros++
  // Little-endian base-256 digits of the number decoded so far.
  const bytes: number[] = []
  for (const character of text.slice(leadingZeros)) {
    const digit = digitByCharacter.get(character)
    if (digit === undefined) throw new InvalidBase58CharacterError(character)
    let carry = digit
    for (let index = 0; index < bytes.length; index++) {
      carry += bytes[index]! * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  const result = new Uint8Array(leadingZeros + bytes.length)
  for (let index = 0; index < bytes.length; index++) {
    result[result.length - 1 - index] = bytes[index]!
  }
  return result
}
