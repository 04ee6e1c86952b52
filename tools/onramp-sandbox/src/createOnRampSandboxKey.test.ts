import { createPrivateKey, createPublicKey } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createOnRampSandboxKey } from './createOnRampSandboxKey.ts'

const key = createOnRampSandboxKey('organizations/foyer/apiKeys/test')

describe('createOnRampSandboxKey', () => {
  it('makes an EC P-256 key pair in PKCS#8 and SPKI PEM', () => {
    expect(key.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/)
    expect(key.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/)
    const details = createPrivateKey(key.privateKeyPem).asymmetricKeyDetails
    expect(details?.namedCurve).toBe('prime256v1')
    expect(createOnRampSandboxKey().name).toBe('foyer-onramp-sandbox')
    expect(createOnRampSandboxKey().publicKeyPem).not.toBe(key.publicKeyPem)
    expect(key.name).toBe('organizations/foyer/apiKeys/test')
    // The two halves belong together.
    expect(
      createPublicKey(createPrivateKey(key.privateKeyPem)).export({ type: 'spki', format: 'pem' }),
    ).toBe(key.publicKeyPem)
  })
})
