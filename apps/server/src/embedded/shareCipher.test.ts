import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createShareCipher, ShareDecryptionError } from './shareCipher.ts'

describe('share cipher', () => {
  const cipher = createShareCipher(randomBytes(32))

  it('round-trips any share and never shows the plaintext', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 64 }), (share) => {
        const encrypted = cipher.encrypt(share, 'user:set')
        expect(encrypted).not.toContain(Buffer.from(share).toString('base64url'))
        expect(cipher.decrypt(encrypted, 'user:set')).toEqual(share)
      }),
    )
  })

  it('refuses a row moved to another user or share set', () => {
    const encrypted = cipher.encrypt(new Uint8Array([1, 2, 3]), 'alice:set-1')
    expect(() => cipher.decrypt(encrypted, 'bob:set-1')).toThrow(ShareDecryptionError)
  })

  it('refuses another key', () => {
    const encrypted = cipher.encrypt(new Uint8Array([1, 2, 3]), 'a')
    expect(() => createShareCipher(randomBytes(32)).decrypt(encrypted, 'a')).toThrow(
      ShareDecryptionError,
    )
  })
})
