import { BaseError } from '../errors/base.ts'

export class IntegerOutOfRangeError extends BaseError {
  override name = 'IntegerOutOfRangeError'
  constructor({ value }: { value: unknown }) {
    super(`Number "${String(value)}" is not a safe integer.`)
  }
}

export class InvalidHexError extends BaseError {
  override name = 'InvalidHexError'
  constructor({ value }: { value: unknown }) {
    super(`Value "${String(value)}" is not a hex string.`)
  }
}

const HEX = /^0x[0-9a-fA-F]+$/

export function isHex(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && HEX.test(value)
}

/** Safe integer → `0x…`; rejects anything outside ±(2^53 − 1) or fractional. */
export function numberToHex(value: number | bigint): `0x${string}` {
  const number = typeof value === 'bigint' ? Number(value) : value
  if (!Number.isSafeInteger(number) || (typeof value === 'bigint' && BigInt(number) !== value))
    throw new IntegerOutOfRangeError({ value })
  return `${number < 0 ? '-' : ''}0x${Math.abs(number).toString(16)}` as `0x${string}`
}

/** `0x…` → safe integer; rejects non-hex and values above 2^53 − 1. */
export function hexToNumber(value: string): number {
  if (!isHex(value)) throw new InvalidHexError({ value })
  const big = BigInt(value)
  if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new IntegerOutOfRangeError({ value })
  return Number(big)
}

/** Parses decimal or hex chain ids such as `31337`, `'31337'`, `'0x7a69'`. */
export function toChainIdNumber(value: string | number | bigint): number {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new IntegerOutOfRangeError({ value })
    return value
  }
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
      throw new IntegerOutOfRangeError({ value })
    return Number(value)
  }
  if (isHex(value)) return hexToNumber(value)
  if (!/^-?\d+$/.test(value)) throw new IntegerOutOfRangeError({ value })
  return toChainIdNumber(BigInt(value))
}
