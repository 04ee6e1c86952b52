import { describe, expect, it } from 'vitest'
import { isNotModified } from './sendCachedResponse.ts'

describe('isNotModified', () => {
  const etag = '"abc"'

  it('matches the current tag alone, in a list, weak, or as *', () => {
    expect(isNotModified('"abc"', etag)).toBe(true)
    expect(isNotModified('"x", "abc"', etag)).toBe(true)
    expect(isNotModified('W/"abc"', etag)).toBe(true)
    expect(isNotModified('*', etag)).toBe(true)
  })

  it('does not match without the header or with other tags', () => {
    expect(isNotModified(undefined, etag)).toBe(false)
    expect(isNotModified('"abcd"', etag)).toBe(false)
    expect(isNotModified('"x", W/"y"', etag)).toBe(false)
    expect(isNotModified('abc', etag)).toBe(false)
  })
})
