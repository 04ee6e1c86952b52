import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isOriginAllowed } from './origin.ts'

const label = fc.string({ unit: fc.constantFrom(...'abcxyz0189-'), minLength: 1, maxLength: 20 })

describe('isOriginAllowed', () => {
  it('matches exact origins only exactly', () => {
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com:8443', ['https://app.example.com'])).toBe(false)
    expect(isOriginAllowed('http://app.example.com', ['https://app.example.com'])).toBe(false)
  })

  it('matches any subdomain for https://*.example.com', () => {
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), (labels) =>
        isOriginAllowed(`https://${labels.join('.')}.example.com`, ['https://*.example.com']),
      ),
    )
    expect(isOriginAllowed('https://example.com', ['https://*.example.com'])).toBe(false)
    expect(isOriginAllowed('http://a.example.com', ['https://*.example.com'])).toBe(false)
    expect(isOriginAllowed('https://a.example.com.evil.io', ['https://*.example.com'])).toBe(false)
    expect(isOriginAllowed('https://evil.io/.example.com', ['https://*.example.com'])).toBe(false)
  })

  it('matches any port for http://localhost:*', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 65535 }), (port) =>
        isOriginAllowed(`http://localhost:${port}`, ['http://localhost:*']),
      ),
    )
    expect(isOriginAllowed('http://localhost', ['http://localhost:*'])).toBe(false)
    expect(isOriginAllowed('http://localhost.evil.io:80', ['http://localhost:*'])).toBe(false)
  })

  it('never lets a wildcard stand for the scheme', () => {
    expect(isOriginAllowed('https://a.example.com', ['*://a.example.com'])).toBe(false)
  })

  it('allows an origin that any one of several patterns matches', () => {
    const patterns = ['https://app.example.com', 'https://*.example.org', 'http://localhost:*']
    expect(isOriginAllowed('https://app.example.com', patterns)).toBe(true)
    expect(isOriginAllowed('https://a.example.org', patterns)).toBe(true)
    expect(isOriginAllowed('http://localhost:5173', patterns)).toBe(true)
    expect(isOriginAllowed('https://evil.io', patterns)).toBe(false)
    expect(isOriginAllowed('https://app.example.com', [])).toBe(false)
  })

  it("lets a sandboxed frame's 'null' origin through only when listed exactly", () => {
    expect(isOriginAllowed('null', ['*'])).toBe(false)
    expect(isOriginAllowed('null', ['nul*'])).toBe(false)
    expect(isOriginAllowed('null', ['https://*.example.com'])).toBe(false)
    expect(isOriginAllowed('null', ['null'])).toBe(true)
  })
})
