import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { BaseError } from '../errors.ts'

export class ShareDecryptionError extends BaseError {
  override name = 'ShareDecryptionError'
}

export type ShareCipher = {
  /** AES-256-GCM; `context` (e.g. user and share set ids) is authenticated, so rows cannot be swapped. */
  encrypt: (plaintext: Uint8Array, context: string) => string
  decrypt: (encrypted: string, context: string) => Uint8Array
}

/** Encryption at rest of auth shares under the 32-byte `FOYER_SHARE_KEY`. */
export function createShareCipher(key: Uint8Array): ShareCipher {
  if (key.length !== 32) throw new BaseError('The share key must be 32 bytes')
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(context))
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
      return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url')
    },
    decrypt(encrypted, context) {
      const bytes = Buffer.from(encrypted, 'base64url')
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
        decipher.setAAD(Buffer.from(context))
        decipher.setAuthTag(bytes.subarray(bytes.length - 16))
        const plaintext = Buffer.concat([
          decipher.update(bytes.subarray(12, bytes.length - 16)),
          decipher.final(),
        ])
        return new Uint8Array(plaintext)
      } catch (error) {
        throw new ShareDecryptionError('The auth share could not be decrypted', { cause: error })
      }
    },
  }
}
