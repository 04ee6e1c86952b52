import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64urlnopad } from '@scure/base'
import type { PasskeyCredentials, PasskeyEnvironment } from '../frame/passkeyFactor.ts'

/** A passkey a fake authenticator holds: its PRF output is HMAC-SHA256(secret, input). */
export type FakePasskey = {
  id: string
  rpId: string
  userName: string
  secret: Uint8Array
  /** The user handle given at creation. */
  userHandle?: Uint8Array | undefined
}

export type FakeAuthenticator = {
  credentials: PasskeyCredentials
  /** The passkeys it holds; push another authenticator's to "sync" them to this one. */
  passkeys: FakePasskey[]
  /** Every ceremony, in order. */
  ceremonies: ('create' | 'get')[]
  /** The visitor cancels the next ceremony (NotAllowedError). */
  cancelNext: () => void
  /** A frame's passkey environment on `rpId` with this authenticator. */
  environment: (rpId: string, isSupported?: () => Promise<boolean>) => PasskeyEnvironment
}

export type CreateFakeAuthenticatorParameters = {
  /**
   * Where the PRF output comes: on create and get (default), on get only (as some authenticators
   * do), or never (no PRF support).
   */
  prf?: 'create-and-get' | 'get-only' | 'none'
}

const notAllowed = () =>
  new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')

const asBytes = (source: BufferSource) =>
  ArrayBuffer.isView(source)
    ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
    : new Uint8Array(source)

/**
 * A WebAuthn authenticator with the PRF extension, in memory, for unit tests of the passkey
 * factor: `credentials.create` / `get` answer as a browser does, with a fixed PRF per passkey.
 */
export function createFakeAuthenticator(
  parameters: CreateFakeAuthenticatorParameters = {},
): FakeAuthenticator {
  const prf = parameters.prf ?? 'create-and-get'
  const passkeys: FakePasskey[] = []
  const ceremonies: ('create' | 'get')[] = []
  let cancel = false

  const credential = (
    passkey: FakePasskey,
    input: BufferSource | undefined,
    onCreate: boolean,
    challenge: BufferSource,
  ) => {
    const give = prf === 'create-and-get' || (prf === 'get-only' && !onCreate)
    const results =
      give && input ? { first: hmac(sha256, passkey.secret, asBytes(input)) } : undefined
    const rawId = base64urlnopad.decode(passkey.id)
    return {
      type: 'public-key',
      id: passkey.id,
      rawId: rawId.buffer,
      // What a server would read (not signed: `createMemoryAuthServer` checks the challenge only).
      response: {
        clientDataJSON: new TextEncoder().encode(
          JSON.stringify({
            type: onCreate ? 'webauthn.create' : 'webauthn.get',
            challenge: base64urlnopad.encode(asBytes(challenge)),
            origin: `https://${passkey.rpId}`,
          }),
        ).buffer,
        ...(onCreate
          ? { attestationObject: new Uint8Array(8).buffer, getTransports: () => ['internal'] }
          : {
              authenticatorData: new Uint8Array(37).buffer,
              signature: new Uint8Array(64).buffer,
              userHandle: passkey.userHandle?.slice().buffer ?? null,
            }),
      },
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({
        prf: onCreate
          ? { enabled: prf !== 'none', ...(results ? { results } : {}) }
          : results
            ? { results }
            : {},
      }),
    } as unknown as Credential
  }

  const takeCancel = () => {
    if (!cancel) return false
    cancel = false
    return true
  }

  const credentials: PasskeyCredentials = {
    async create(options) {
      ceremonies.push('create')
      const publicKey = options?.publicKey
      if (!publicKey) throw new TypeError('publicKey options required')
      if (takeCancel()) throw notAllowed()
      const rpId = publicKey.rp.id!
      const excluded = new Set(
        (publicKey.excludeCredentials ?? []).map((c) => base64urlnopad.encode(asBytes(c.id))),
      )
      if (passkeys.some((p) => p.rpId === rpId && excluded.has(p.id)))
        throw new DOMException('The authenticator already holds a credential', 'InvalidStateError')
      const passkey: FakePasskey = {
        id: base64urlnopad.encode(crypto.getRandomValues(new Uint8Array(16))),
        rpId,
        userName: publicKey.user.name,
        secret: crypto.getRandomValues(new Uint8Array(32)),
        userHandle: asBytes(publicKey.user.id).slice(),
      }
      passkeys.push(passkey)
      return credential(passkey, publicKey.extensions?.prf?.eval?.first, true, publicKey.challenge)
    },
    async get(options) {
      ceremonies.push('get')
      const publicKey = options?.publicKey
      if (!publicKey) throw new TypeError('publicKey options required')
      if (takeCancel()) throw notAllowed()
      const allowed = (publicKey.allowCredentials ?? []).map((c) =>
        base64urlnopad.encode(asBytes(c.id)),
      )
      const passkey = passkeys.findLast(
        (p) => p.rpId === publicKey.rpId && (allowed.length === 0 || allowed.includes(p.id)),
      )
      // No matching passkey: the browser lets the visitor look, then fails as for a cancel.
      if (!passkey) throw notAllowed()
      return credential(passkey, publicKey.extensions?.prf?.eval?.first, false, publicKey.challenge)
    },
  }

  return {
    credentials,
    passkeys,
    ceremonies,
    cancelNext: () => {
      cancel = true
    },
    environment: (rpId, isSupported) => ({
      credentials,
      rpId,
      ...(isSupported ? { isSupported } : {}),
    }),
  }
}
