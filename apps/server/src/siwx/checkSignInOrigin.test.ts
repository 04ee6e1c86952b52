import { describe, expect, it } from 'vitest'
import { checkSignInOrigin } from './checkSignInOrigin.ts'
import { checkSignInTimes } from './checkSignInTimes.ts'

const allowed = ['https://app.example.com', 'https://*.preview.example.com', 'http://localhost:*']
const problem = (domain: string, uri: string, scheme?: string) => {
  try {
    checkSignInOrigin({ domain, uri, scheme }, allowed)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

describe('checkSignInOrigin', () => {
  it("accepts a domain and URI on one of the project's origins (wildcards and ports too)", () => {
    expect(problem('app.example.com', 'https://app.example.com/login?x=1')).toBeUndefined()
    expect(problem('APP.example.com:443', 'https://app.example.com/')).toBeUndefined()
    expect(problem('pr-7.preview.example.com', 'https://pr-7.preview.example.com')).toBeUndefined()
    expect(problem('localhost:5173', 'http://localhost:5173/', 'http')).toBeUndefined()
  })

  it('refuses a foreign domain, a URI of another origin and a scheme the URI does not have', () => {
    expect(problem('evil.example', 'https://evil.example/')).toBe(
      'domain evil.example is not an allowed origin of this project',
    )
    // The page's scheme counts: http://app.example.com is not allowed.
    expect(problem('app.example.com', 'http://app.example.com/')).toBe(
      'domain app.example.com is not an allowed origin of this project',
    )
    expect(problem('app.example.com', 'https://evil.example/login')).toBe(
      "uri https://evil.example/login is not on the origin of the message's domain (https://app.example.com)",
    )
    expect(problem('app.example.com', 'https://app.example.com:8443/')).toBe(
      "uri https://app.example.com:8443/ is not on the origin of the message's domain (https://app.example.com)",
    )
    expect(problem('localhost:5173', 'http://localhost:5174/', 'http')).toContain(
      'is not on the origin',
    )
    expect(problem('app.example.com', 'http://app.example.com/', 'https')).toContain(
      'is not on the origin',
    )
  })
})

describe('checkSignInTimes', () => {
  const now = Date.parse('2025-01-02T00:00:00Z')
  const times = (issuedAt: string, expirationTime?: string, notBefore?: string) => {
    try {
      checkSignInTimes(
        {
          issuedAt: new Date(issuedAt),
          expirationTime: expirationTime ? new Date(expirationTime) : undefined,
          notBefore: notBefore ? new Date(notBefore) : undefined,
        },
        now,
      )
      return undefined
    } catch (error) {
      return (error as Error).message
    }
  }

  it('allows a minute of clock skew into the future, none past the expiry', () => {
    expect(times('2025-01-02T00:00:59Z', '2025-01-02T00:00:01Z', '2025-01-02T00:00:30Z')).toBe(
      undefined,
    )
    expect(times('2025-01-02T00:01:01Z')).toBe(
      'this sign-in message is not yet valid (Issued At 2025-01-02T00:01:01.000Z is in the future)',
    )
    expect(times('2025-01-01T00:00:00Z', undefined, '2025-01-02T01:00:00Z')).toBe(
      'this sign-in message is not yet valid (Not Before 2025-01-02T01:00:00.000Z is in the future)',
    )
    expect(times('2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z')).toBe(
      'this sign-in message has expired (Expiration Time 2025-01-02T00:00:00.000Z); sign a new one',
    )
  })
})
