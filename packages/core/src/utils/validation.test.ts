import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isCallTarget,
  isEmail,
  isEvmAddress,
  isSignedMessage,
  isSolanaAddress,
  isTransactionHash,
  isValidAccountName,
} from './validation.ts'

const hexChars = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789abcdefABCDEF'),
    minLength: length,
    maxLength: length,
  })
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

describe('isEvmAddress', () => {
  it('accepts 40 hex characters with or without 0x', () => {
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isEvmAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    fc.assert(
      fc.property(hexChars(40), fc.boolean(), (hex, prefix) =>
        isEvmAddress(`${prefix ? '0x' : ''}${hex}`),
      ),
    )
  })

  it('rejects any other length or non-hex character', () => {
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBe(false)
    expect(isEvmAddress('0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
    expect(isEvmAddress(undefined)).toBe(false)
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }).filter((length) => length !== 40),
        (length) => !isEvmAddress(`0x${'a'.repeat(length)}`),
      ),
    )
  })
})

describe('isSolanaAddress', () => {
  it('accepts 32 to 44 base58 characters', () => {
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...BASE58), minLength: 32, maxLength: 44 }),
        isSolanaAddress,
      ),
    )
  })

  it('rejects 0, O, I, l and wrong lengths', () => {
    for (const bad of '0OIl') expect(isSolanaAddress(bad.repeat(40))).toBe(false)
    expect(isSolanaAddress('1'.repeat(31))).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
  })
})

describe('isTransactionHash and isSignedMessage', () => {
  it('accepts 0x plus exactly 64 hex characters as a transaction hash', () => {
    fc.assert(fc.property(hexChars(64), (hex) => isTransactionHash(`0x${hex}`)))
    expect(isTransactionHash(`0x${'a'.repeat(63)}`)).toBe(false)
    expect(isTransactionHash(`0x${'a'.repeat(65)}`)).toBe(false)
    expect(isTransactionHash('a'.repeat(64))).toBe(false)
  })

  it('accepts 0x plus at least 62 hex characters as a signed message', () => {
    fc.assert(
      fc.property(fc.integer({ min: 62, max: 300 }), (length) =>
        isSignedMessage(`0x${'f'.repeat(length)}`),
      ),
    )
    expect(isSignedMessage(`0x${'f'.repeat(61)}`)).toBe(false)
  })
})

describe('isEmail', () => {
  it('accepts ordinary addresses and rejects malformed ones', () => {
    expect(isEmail('ada@example.com')).toBe(true)
    expect(isEmail('a.b+tag@sub.example.co')).toBe(true)
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'a b@example.com', 'ada@-example.com'])
      expect(isEmail(bad)).toBe(false)
  })

  it('accepts what fast-check generates as email addresses', () => {
    fc.assert(fc.property(fc.emailAddress(), (email) => email.length > 254 || isEmail(email)))
  })
})

describe('isValidAccountName', () => {
  it('needs at least 4 letters, digits or hyphens', () => {
    expect(isValidAccountName('ada-1')).toBe(true)
    expect(isValidAccountName('ada')).toBe(false)
    expect(isValidAccountName('ada_lovelace')).toBe(false)
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abcXYZ019-'), minLength: 4, maxLength: 40 }),
        isValidAccountName,
      ),
    )
  })
})

describe('isCallTarget', () => {
  it('needs a 0x prefix', () => {
    expect(isCallTarget(`0x${'1'.repeat(40)}`)).toBe(true)
    expect(isCallTarget('1'.repeat(40))).toBe(false)
  })
})
