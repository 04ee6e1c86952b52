import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'

/**
 * A software WebAuthn authenticator (P-256, `none` attestation, user verified) for the server
 * tests: it makes the registration and assertion JSON a browser would post, with real signatures.
 */

type CborValue = number | string | Uint8Array | CborValue[] | Map<number | string, CborValue>

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
  if (length < 0x10000) {
    const head = Buffer.alloc(3)
    head[0] = (major << 5) | 25
    head.writeUInt16BE(length, 1)
    return head
  }
  const head = Buffer.alloc(5)
  head[0] = (major << 5) | 26
  head.writeUInt32BE(length, 1)
  return head
}

/** The subset of CBOR (RFC 8949) attestation objects and COSE keys use. */
export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([cborHead(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value])
  if (Array.isArray(value))
    return Buffer.concat([cborHead(4, value.length), ...value.map(encodeCbor)])
  const parts = [cborHead(5, value.size)]
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item))
  return Buffer.concat(parts)
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url')

export type SoftAuthenticatorOptions = {
  /** The page's origin the browser would report. */
  origin: string
  /** The relying party the passkey is made for. */
  rpId: string
}

export function createSoftAuthenticator(options: SoftAuthenticatorOptions) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string }
  const credentialId = randomBytes(32)
  const userHandle = randomBytes(32)
  let counter = 0

  const coseKey = encodeCbor(
    new Map<number, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  )
  const authenticatorData = (rpId: string, signCount: number, attested: boolean) => {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(signCount)
    // UP | UV, and AT when the credential is attached.
    const flags = Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)])
    const parts: Uint8Array[] = [sha256(rpId), flags, count]
    if (attested) {
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      parts.push(Buffer.alloc(16), idLength, credentialId, coseKey)
    }
    return Buffer.concat(parts)
  }
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))

  return {
    credentialId: b64url(credentialId),
    userHandle: b64url(userHandle),
    /** `navigator.credentials.create` for this challenge, as JSON. */
    register(challenge: string, overrides: Partial<SoftAuthenticatorOptions> = {}) {
      const origin = overrides.origin ?? options.origin
      const rpId = overrides.rpId ?? options.rpId
      const attestationObject = encodeCbor(
        new Map<string, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authenticatorData(rpId, counter, true)],
        ]),
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      }
    },
    /** `navigator.credentials.get` for this challenge, as JSON (the counter moves on each use). */
    assert(
      challenge: string,
      overrides: Partial<SoftAuthenticatorOptions> & {
        counter?: number
        forgeSignature?: boolean
      } = {},
    ) {
      const origin = overrides.origin ?? options.origin
      const rpId = overrides.rpId ?? options.rpId
      counter = overrides.counter ?? counter + 1
      const data = authenticatorData(rpId, counter, false)
      const client = clientData('webauthn.get', challenge, origin)
      const signed = Buffer.concat([data, sha256(client)])
      if (overrides.forgeSignature) signed[0] = (signed[0]! + 1) % 256
      const signature = sign('sha256', signed, privateKey)
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: b64url(userHandle),
        },
        clientExtensionResults: {},
      }
    },
  }
}
