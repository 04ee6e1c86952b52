import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { providerUserRef, providerUserRefMaxLength } from './providerUserRef.ts'

describe('providerUserRef', () => {
  it('is stable per project and id, different across projects, and hides the id', () => {
    const ref = providerUserRef('app-a', 'alice@example.com')
    expect(ref).toBe(providerUserRef('app-a', 'alice@example.com'))
    expect(ref).not.toBe(providerUserRef('app-b', 'alice@example.com'))
    expect(ref).not.toBe(providerUserRef('app-a', 'bob@example.com'))
    expect(ref).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(ref.length).toBeLessThanOrEqual(providerUserRefMaxLength)
    expect(ref).not.toContain('alice')
    expect(ref).toBe(createHash('sha256').update('app-a\0alice@example.com').digest('base64url'))
  })

  it('separates project and id, so shifting characters between them gives another ref', () => {
    expect(providerUserRef('ab', 'c')).not.toBe(providerUserRef('a', 'bc'))
  })
})
