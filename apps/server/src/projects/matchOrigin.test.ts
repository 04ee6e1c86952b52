import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchOrigin } from './matchOrigin.ts'

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
})
