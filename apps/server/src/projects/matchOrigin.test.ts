import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchOrigin, maxOriginLength } from './matchOrigin.ts'

describe('matchOrigin', () => {
  it('matches any port of localhost with a port wildcard', () => {
    expect(matchOrigin('http://localhost:5173', ['http://localhost:*'])).toBe(true)
    expect(matchOrigin('http://localhost', ['http://localhost:*'])).toBe(true)
    expect(matchOrigin('https://localhost:5173', ['http://localhost:*'])).toBe(false)
    expect(matchOrigin('http://localhost.evil.com:5173', ['http://localhost:*'])).toBe(false)
  })

  it('matches subdomains with a host wildcard but not the bare domain or look-alikes', () => {
    const patterns = ['https://*.example.com']
    expect(matchOrigin('https://app.example.com', patterns)).toBe(true)
    expect(matchOrigin('https://a.b.example.com', patterns)).toBe(true)
    expect(matchOrigin('https://example.com', patterns)).toBe(false)
    expect(matchOrigin('https://evilexample.com', patterns)).toBe(false)
    expect(matchOrigin('https://app.example.com.evil.io', patterns)).toBe(false)
    expect(matchOrigin('https://app.example.com:8443', patterns)).toBe(false)
  })

  it('compares exact origins case-insensitively with default ports', () => {
    expect(matchOrigin('https://App.Example.com', ['https://app.example.com'])).toBe(true)
    expect(matchOrigin('https://app.example.com:443', ['https://app.example.com'])).toBe(true)
    expect(matchOrigin('http://app.example.com', ['https://app.example.com'])).toBe(false)
  })

  it('refuses malformed origins and "null"', () => {
    expect(matchOrigin('null', ['http://localhost:*'])).toBe(false)
    expect(matchOrigin('http://localhost:5173/path', ['http://localhost:*'])).toBe(false)
  })

  it('never lets a pattern without wildcards match another host', () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,10}$/)
    fc.assert(
      fc.property(label, label, (a, b) => {
        expect(matchOrigin(`https://${a}.com`, [`https://${b}.com`])).toBe(a === b)
      }),
    )
  })

  it('matches a * inside a label within that label only', () => {
    expect(matchOrigin('https://app-1.example.com', ['https://app-*.example.com'])).toBe(true)
    expect(matchOrigin('https://app-.example.com', ['https://app-*.example.com'])).toBe(false)
    expect(matchOrigin('https://app-1.evil.example.com', ['https://app-*.example.com'])).toBe(false)
    expect(matchOrigin('https://a.b.c.example.com', ['https://*.*.*.example.com'])).toBe(true)
    expect(matchOrigin('https://a.b.example.com', ['https://*.*.*.example.com'])).toBe(false)
  })

  it('agrees with a regular-expression reference on small inputs', () => {
    const label = fc.constantFrom('a', 'b', 'ab', 'example', 'com')
    const patternLabel = fc.constantFrom('*', 'a', 'b', 'a*', '*b', 'example', 'com')
    const reference = (origin: string, pattern: string) => {
      const source = pattern
        .split('.')
        .map((part) => (part === '*' ? '[^.]+(?:\\.[^.]+)*' : part.split('*').join('[^.]+')))
        .join('\\.')
      return new RegExp(`^${source}$`).test(origin)
    }
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 6 }),
        fc.array(patternLabel, { minLength: 1, maxLength: 5 }),
        (hostLabels, patternLabels) => {
          const host = hostLabels.join('.')
          const pattern = patternLabels.join('.')
          expect(matchOrigin(`https://${host}`, [`https://${pattern}`])).toBe(
            reference(host, pattern),
          )
        },
      ),
    )
  })

  // Issue 26 item 6: with one regular expression per pattern (each * a `.+`), this pattern and an
  // 8 KB Origin blocked the event loop for 18 s (cubic backtracking). Inputs here are larger, so
  // the old code would run far past the test timeout; the new one refuses or walks labels.
  it('answers an 8 KB Origin against a three-wildcard pattern at once (no backtracking)', () => {
    const patterns = ['https://*.*.*.example.com']
    const huge = `https://${'a.'.repeat(8_000)}x.example.co`
    expect(huge.length).toBeGreaterThan(maxOriginLength)
    expect(matchOrigin(huge, patterns)).toBe(false)
    expect(matchOrigin(`https://${'a'.repeat(16_000)}`, ['https://*a*a*a*b'])).toBe(false)
    // Long valid origins: 120 one-letter labels (a 251-character host), and 63-letter labels.
    const manyLabels = `https://${'a.'.repeat(120)}example.com`
    expect(manyLabels.length).toBeLessThanOrEqual(maxOriginLength)
    expect(matchOrigin(manyLabels, patterns)).toBe(true)
    expect(matchOrigin(`${manyLabels}x`, patterns)).toBe(false)
    const longLabels = `https://${Array.from({ length: 3 }, () => 'a'.repeat(63)).join('.')}.example.com`
    expect(matchOrigin(longLabels, ['https://*a*a*a*b.*.*.example.com'])).toBe(false)
    expect(matchOrigin(longLabels, ['https://*a*a*a*.*.*.example.com'])).toBe(true)
  })

  it('refuses a host longer than 253 characters or a label longer than 63', () => {
    const label63 = 'a'.repeat(63)
    expect(matchOrigin(`https://${label63}.example.com`, ['https://*.example.com'])).toBe(true)
    expect(matchOrigin(`https://${label63}a.example.com`, ['https://*.example.com'])).toBe(false)
    const host253 = `${'a.'.repeat(121)}example.com`
    expect(host253.length).toBe(253)
    expect(matchOrigin(`https://${host253}`, ['https://*.example.com'])).toBe(true)
    expect(matchOrigin(`https://b${host253}`, ['https://*.example.com'])).toBe(false)
    expect(matchOrigin(`https://b${host253}`, ['*'])).toBe(false)
  })
})
