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

  it('allows an origin when any one of several patterns matches it', () => {
    const patterns = ['https://app.example.com', 'https://admin.example.com', 'http://localhost:*']
    expect(matchOrigin('https://app.example.com', patterns)).toBe(true)
    expect(matchOrigin('https://admin.example.com', patterns)).toBe(true)
    expect(matchOrigin('http://localhost:5173', patterns)).toBe(true)
    expect(matchOrigin('https://other.example.com', patterns)).toBe(false)
    expect(matchOrigin('https://app.example.com', [])).toBe(false)
  })

  it('matches a pattern with an explicit port on that port only', () => {
    const patterns = ['https://app.example.com:8443', 'http://127.0.0.1:65535']
    expect(matchOrigin('https://app.example.com:8443', patterns)).toBe(true)
    expect(matchOrigin('https://app.example.com', patterns)).toBe(false)
    expect(matchOrigin('https://app.example.com:443', patterns)).toBe(false)
    expect(matchOrigin('https://app.example.com:8444', patterns)).toBe(false)
    expect(matchOrigin('http://127.0.0.1:65535', patterns)).toBe(true)
    expect(matchOrigin('http://127.0.0.1:6553', patterns)).toBe(false)
  })

  it('treats port 80 as the default of http and 443 as the default of https only', () => {
    expect(matchOrigin('http://app.example.com:80', ['http://app.example.com'])).toBe(true)
    expect(matchOrigin('http://app.example.com', ['http://app.example.com:80'])).toBe(true)
    expect(matchOrigin('http://app.example.com:8080', ['http://app.example.com'])).toBe(false)
    expect(matchOrigin('http://app.example.com:443', ['http://app.example.com'])).toBe(false)
    expect(matchOrigin('https://app.example.com:80', ['https://app.example.com'])).toBe(false)
    expect(matchOrigin('https://app.example.com', ['https://app.example.com:443'])).toBe(true)
    // Other schemes have no default port: a pattern without one matches no explicit port.
    expect(matchOrigin('app://bundle.local', ['app://bundle.local'])).toBe(true)
    expect(matchOrigin('app://bundle.local:80', ['app://bundle.local'])).toBe(false)
  })

  it("allows every well-formed origin with the '*' pattern, but never a malformed one", () => {
    expect(matchOrigin('https://anything.example.io', ['*'])).toBe(true)
    expect(matchOrigin('http://localhost:3000', ['https://app.example.com', ' * '])).toBe(true)
    expect(matchOrigin('null', ['*'])).toBe(false)
    expect(matchOrigin('https://*.example.com', ['*'])).toBe(false)
  })

  it('reads patterns and origins with surrounding spaces (a comma-separated list)', () => {
    const patterns = 'https://app.example.com, https://*.example.org'.split(',')
    expect(matchOrigin('https://app.example.com', patterns)).toBe(true)
    expect(matchOrigin('https://a.example.org', patterns)).toBe(true)
    expect(matchOrigin(' https://app.example.com ', ['https://app.example.com'])).toBe(true)
  })

  it('allows nothing with a malformed pattern', () => {
    const origin = 'https://app.example.com'
    for (const pattern of [
      'app.example.com',
      '1https://app.example.com',
      'https://app.example.com/path',
      'https://app..example.com',
      `https://${'a'.repeat(64)}.example.com`,
      'https://app.example.com:123456',
    ])
      expect(matchOrigin(origin, [pattern]), pattern).toBe(false)
    expect(matchOrigin(origin, ['https://app.example.com/'])).toBe(true)
  })

  it('refuses an origin that only ends with an allowed one, a wildcard origin or an empty label', () => {
    const patterns = ['https://app.example.com', 'https://*.example.com']
    expect(matchOrigin('https://evil.io#https://app.example.com', patterns)).toBe(false)
    expect(matchOrigin('evil https://app.example.com', patterns)).toBe(false)
    expect(matchOrigin('https://*.example.com', patterns)).toBe(false)
    expect(matchOrigin('https://app..example.com', patterns)).toBe(false)
    expect(matchOrigin('https://.example.com', patterns)).toBe(false)
  })

  it('matches a * inside a label from the start of that label only, backtracking as needed', () => {
    expect(matchOrigin('https://xapp-1.example.com', ['https://app-*.example.com'])).toBe(false)
    expect(matchOrigin('https://my-app.example.com', ['https://*-app.example.com'])).toBe(true)
    expect(matchOrigin('https://a-b-app.example.com', ['https://*-app.example.com'])).toBe(true)
    expect(matchOrigin('https://my-apps.example.com', ['https://*-app.example.com'])).toBe(false)
    // A * stands for one character at least, at the start of a label too.
    expect(matchOrigin('https://app.example.com', ['https://*app.example.com'])).toBe(false)
    expect(matchOrigin('https://-app.example.com', ['https://*-app.example.com'])).toBe(false)
  })

  it('accepts the longest valid origin and refuses anything longer, padding included', () => {
    const scheme = 's'.repeat(32)
    const host253 = `${'a.'.repeat(121)}example.com`
    const longest = `${scheme}://${host253}:65535`
    expect(longest.length).toBe(maxOriginLength)
    expect(matchOrigin(longest, [`${scheme}://*.example.com:65535`])).toBe(true)
    expect(matchOrigin(longest, [longest])).toBe(true)
    expect(matchOrigin(`${longest}/`, [longest])).toBe(false)
    // A 33-character scheme is longer than any the frame serves.
    expect(matchOrigin(`${scheme}t://a.example.com:1`, [`${scheme}t://*.example.com:*`])).toBe(
      false,
    )
    expect(matchOrigin(`${' '.repeat(300)}https://app.example.com`, ['*'])).toBe(false)
    // A pattern longer than the longest origin (here by its trailing slash) allows nothing.
    expect(matchOrigin(longest, [`${longest}/`])).toBe(false)
    expect(matchOrigin('https://app.example.com', [`https://${'a.'.repeat(150)}com`])).toBe(false)
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
