import { sha256 } from '@noble/hashes/sha2.js'
import { base64urlnopad } from '@scure/base'
import { unwrapWithPrf, withFirstUnwrapped, wrapWithPrf } from '../custody/recoveryKey.ts'
import { BaseError, FrameRequestError, WrongRecoveryFactorError } from '../errors.ts'
import type { CustodyParameters, ServerWallet } from './ensureWallet.ts'
import { recoverWallet } from './ensureWallet.ts'

/** The WebAuthn calls the frame makes: `navigator.credentials` in a browser, a fake in tests. */
export type PasskeyCredentials = Pick<CredentialsContainer, 'create' | 'get'>

/**
 * Passkeys in the frame: its credentials container and its relying party, the frame's own
 * hostname (a passkey made here works only on the frame's origin, never on an app's page).
 */
export type PasskeyEnvironment = {
  credentials: PasskeyCredentials
  /** The frame's hostname. WebAuthn refuses IP addresses: `localhost` works, `127.0.0.1` does not. */
  rpId: string
  /** The relying party's name, shown by some passkey managers. Default "Foyer wallet". */
  rpName?: string | undefined
  /** Feature detection (`isPasskeySupported`); absent = supported. */
  isSupported?: (() => Promise<boolean>) | undefined
}

/**
 * The PRF input, the same for every passkey of every wallet: the PRF output is already bound to
 * the credential (and so to the frame's origin), and one input lets a single `get` offer all the
 * wallet's passkeys. The output never leaves the frame; HKDF with a per-method salt makes the
 * wrapping key (`wrapWithPrf`).
 */
export const PASSKEY_PRF_INPUT: Uint8Array = sha256(
  new TextEncoder().encode('foyer/passkey-prf/v1'),
)

type CapabilityScope = {
  /** The `PublicKeyCredential` interface (a function), with `getClientCapabilities` where it exists. */
  PublicKeyCredential?: unknown
  navigator?: { credentials?: unknown } | undefined
  isSecureContext?: boolean | undefined
  location?: { hostname: string } | undefined
}

const isIpAddress = (hostname: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')

/**
 * Whether the frame can offer a passkey: WebAuthn in a secure context on a domain (not an IP
 * address), and PRF unless the browser says it has none (`getClientCapabilities`, where it
 * exists; elsewhere the ceremony tries and says so when the passkey gives no PRF output).
 */
export async function isPasskeySupported(
  scope: CapabilityScope = globalThis as CapabilityScope,
): Promise<boolean> {
  if (typeof scope.PublicKeyCredential !== 'function' || !scope.navigator?.credentials) return false
  const publicKeyCredential = scope.PublicKeyCredential as {
    getClientCapabilities?: () => Promise<Record<string, boolean | undefined>>
  }
  if (scope.isSecureContext === false) return false
  if (scope.location && isIpAddress(scope.location.hostname)) return false
  if (typeof publicKeyCredential.getClientCapabilities === 'function') {
    try {
      const capabilities = await publicKeyCredential.getClientCapabilities()
      if (capabilities['extension:prf'] === false) return false
    } catch {
      // Unknown: try.
    }
  }
  return true
}

/** The browser's passkeys for the frame page, or undefined where WebAuthn is missing. */
export function browserPasskeys(
  scope: CapabilityScope = globalThis as CapabilityScope,
): PasskeyEnvironment | undefined {
  const credentials = scope.navigator?.credentials as PasskeyCredentials | undefined
  if (!credentials || !scope.location) return undefined
  return {
    credentials,
    rpId: scope.location.hostname,
    isSupported: () => isPasskeySupported(scope),
  }
}

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length))

const encode = (buffer: ArrayBuffer | ArrayBufferView | null | undefined) =>
  buffer
    ? base64urlnopad.encode(
        ArrayBuffer.isView(buffer)
          ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
          : new Uint8Array(buffer),
      )
    : ''

/** A registration as JSON for the server, without extension results (the PRF output stays here). */
function registrationJson(credential: Credential) {
  const { rawId, response } = credential as PublicKeyCredential
  const attestation = response as AuthenticatorAttestationResponse
  return {
    id: credential.id,
    rawId: encode(rawId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: encode(attestation.clientDataJSON),
      attestationObject: encode(attestation.attestationObject),
      ...(typeof attestation.getTransports === 'function'
        ? { transports: attestation.getTransports() }
        : {}),
    },
    clientExtensionResults: {},
  }
}

/** An assertion as JSON for the server, without extension results. */
function assertionJson(credential: Credential) {
  const { rawId, response } = credential as PublicKeyCredential
  const assertion = response as AuthenticatorAssertionResponse
  return {
    id: credential.id,
    rawId: encode(rawId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: encode(assertion.clientDataJSON),
      authenticatorData: encode(assertion.authenticatorData),
      signature: encode(assertion.signature),
      ...(assertion.userHandle ? { userHandle: encode(assertion.userHandle) } : {}),
    },
    clientExtensionResults: {},
  }
}

/** The PRF output of a credential the ceremony returned (32 bytes), if the passkey gave one. */
function prfOutputOf(credential: Credential | null): Uint8Array | undefined {
  const first = (credential as PublicKeyCredential | null)?.getClientExtensionResults?.().prf
    ?.results?.first
  if (!first) return undefined
  const bytes = ArrayBuffer.isView(first)
    ? new Uint8Array(first.buffer, first.byteOffset, first.byteLength).slice()
    : new Uint8Array(first.slice(0))
  if (bytes.length < 32) return undefined
  return bytes
}

/** WebAuthn's DOMExceptions as messages the frame can show. */
function ceremonyError(error: unknown, ceremony: 'create' | 'get'): BaseError {
  if (error instanceof BaseError) return error
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new FrameRequestError('The passkey was not used (cancelled or timed out)', {
      cause: error as Error,
    })
  if (name === 'InvalidStateError' && ceremony === 'create')
    return new FrameRequestError('This passkey already protects your wallet', {
      cause: error as Error,
    })
  if (name === 'SecurityError' || name === 'NotSupportedError')
    return new FrameRequestError('Passkeys are not available here', { cause: error as Error })
  return new FrameRequestError('The passkey did not answer', { cause: error as Error })
}

async function ceremony<result>(kind: 'create' | 'get', run: () => Promise<result>) {
  try {
    return await run()
  } catch (error) {
    throw ceremonyError(error, kind)
  }
}

const passkeyPublicKeyGet = (
  passkeys: PasskeyEnvironment,
  credentialIds: readonly string[],
): CredentialRequestOptions => ({
  publicKey: {
    challenge: random(32),
    rpId: passkeys.rpId,
    allowCredentials: credentialIds.map((id) => ({
      type: 'public-key' as const,
      id: base64urlnopad.decode(id) as Uint8Array<ArrayBuffer>,
    })),
    userVerification: 'required',
    extensions: { prf: { eval: { first: PASSKEY_PRF_INPUT as Uint8Array<ArrayBuffer> } } },
  },
})

export type CreatePasskeyMethodParameters = CustodyParameters & {
  passkeys: PasskeyEnvironment
  /** Shown by the passkey manager next to the passkey (the visitor's email). */
  userName: string
  /** The wallet's passkeys already: an authenticator holding one of them makes no second one. */
  excludeCredentialIds?: readonly string[] | undefined
}

/**
 * Makes a passkey on the frame's origin and stores the recovery key this device keeps wrapped by
 * the passkey's PRF output, as a recovery method. The WebAuthn call comes first, before anything
 * is awaited, so the visitor's click still counts as the user activation `create` needs.
 */
export async function createPasskeyMethod(parameters: CreatePasskeyMethodParameters) {
  const { passkeys } = parameters
  // The server's challenge, so it can verify the passkey and let it log in later. One short
  // request: the click's user activation lasts several seconds.
  const { options } = await parameters.authApi.passkeyRegisterOptions({})
  const created = await ceremony('create', () =>
    passkeys.credentials.create({
      publicKey: {
        rp: { id: passkeys.rpId, name: passkeys.rpName ?? 'Foyer wallet' },
        user: {
          // A random handle: the passkey says nothing about the visitor's account on the server.
          id: base64urlnopad.decode(options.userId) as Uint8Array<ArrayBuffer>,
          name: parameters.userName,
          displayName: parameters.userName,
        },
        challenge: base64urlnopad.decode(options.challenge) as Uint8Array<ArrayBuffer>,
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -8 },
          { type: 'public-key', alg: -257 },
        ],
        timeout: options.timeout,
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        attestation: 'none',
        excludeCredentials: (parameters.excludeCredentialIds ?? []).map((id) => ({
          type: 'public-key' as const,
          id: base64urlnopad.decode(id) as Uint8Array<ArrayBuffer>,
        })),
        extensions: { prf: { eval: { first: PASSKEY_PRF_INPUT as Uint8Array<ArrayBuffer> } } },
      },
    }),
  )
  if (created?.type !== 'public-key') throw new FrameRequestError('The passkey was not made')
  const credentialId = created.id
  // The server keeps its public key (the PRF output never leaves the frame).
  await parameters.authApi.passkeyRegisterVerify({ response: registrationJson(created) })
  // Some authenticators evaluate the PRF only when the passkey is used: ask once more.
  let prfOutput = prfOutputOf(created)
  if (!prfOutput) {
    const used = await ceremony('get', () =>
      passkeys.credentials.get(passkeyPublicKeyGet(passkeys, [credentialId])),
    )
    prfOutput = prfOutputOf(used)
  }
  if (!prfOutput)
    throw new FrameRequestError(
      'This passkey cannot protect a wallet (no PRF support). Use a recovery password.',
    )
  const recoveryKey = await parameters.deviceShareStore.getRecoveryKey(parameters.userId)
  try {
    if (!recoveryKey)
      throw new FrameRequestError('Recover your wallet on this device first', { code: 4100 })
    const wrappedKey = await wrapWithPrf({ recoveryKey, prfOutput })
    return await parameters.authApi.addRecoveryMethod({
      kind: 'passkey',
      wrappedKey,
      credentialId,
    })
  } finally {
    prfOutput.fill(0)
    recoveryKey?.fill(0)
  }
}

export type RecoverWithPasskeyParameters = CustodyParameters & {
  passkeys: PasskeyEnvironment
  /** The wallet as the server described it (its passkey methods); fetched when absent. */
  wallet?: ServerWallet | null | undefined
}

/**
 * On a new device: the visitor uses one of the wallet's passkeys, whose PRF output opens the
 * recovery key, and the wallet is recovered here. With the wallet given, the WebAuthn call comes
 * before anything is awaited. `WrongRecoveryFactorError` when the passkey opens nothing.
 */
export async function recoverWithPasskey(parameters: RecoverWithPasskeyParameters) {
  return withPasskeyRecoveryKey(parameters, async (recoveryKey) => {
    // The newest state of the wallet: its share sets may have changed since it was shown.
    const { wallet } = await parameters.authApi.getAuthShares()
    return recoverWallet({ ...parameters, recoveryKey, wallet: wallet ?? undefined })
  })
}

/**
 * Re-authentication (before key export): one of the wallet's passkeys must open its recovery key.
 * `WrongRecoveryFactorError` otherwise; nothing changes either way.
 */
export async function verifyPasskey(parameters: RecoverWithPasskeyParameters): Promise<void> {
  await withPasskeyRecoveryKey(parameters, async () => undefined)
}

export type LoginWithPasskeyParameters = Omit<CustodyParameters, 'userId'> & {
  passkeys: PasskeyEnvironment
}

/**
 * Passkey login: one assertion of a discoverable passkey (no account named first) with the PRF
 * extension. The server checks it and starts a session; the PRF output of the same assertion then
 * opens the recovery key, so a new device is recovered without a second tap.
 */
export async function loginWithPasskey(parameters: LoginWithPasskeyParameters) {
  const { passkeys, authApi } = parameters
  const { options } = await authApi.passkeyLoginOptions({})
  const assertion = await ceremony('get', () =>
    passkeys.credentials.get({
      publicKey: {
        challenge: base64urlnopad.decode(options.challenge) as Uint8Array<ArrayBuffer>,
        rpId: passkeys.rpId,
        timeout: options.timeout,
        userVerification: 'required',
        extensions: { prf: { eval: { first: PASSKEY_PRF_INPUT as Uint8Array<ArrayBuffer> } } },
      },
    }),
  )
  if (assertion?.type !== 'public-key')
    throw new FrameRequestError('The passkey was not used (cancelled or timed out)', { code: 4001 })
  const prfOutput = prfOutputOf(assertion)
  try {
    const { user } = await authApi.passkeyLoginVerify({
      deviceId: await parameters.deviceShareStore.getDeviceId(),
      response: assertionJson(assertion),
    })
    const custody = { ...parameters, userId: user.userId }
    const { wallet } = await authApi.getAuthShares()
    if (!wallet || !prfOutput) return { user }
    // This device holds its share already: logged in, nothing to open.
    const deviceId = await parameters.deviceShareStore.getDeviceId()
    if (wallet.shareSets.some((set) => set.deviceId === deviceId)) {
      const share = await parameters.deviceShareStore.getShare(user.userId)
      if (share) {
        share.fill(0)
        return { user }
      }
    }
    // A passkey that opens nothing here (made before passkey login) leaves the device locked.
    await withFirstUnwrapped(
      passkeyMethodsOf(wallet, assertion.id),
      (wrapped) => unwrapWithPrf(wrapped, prfOutput),
      (recoveryKey) => recoverWallet({ ...custody, recoveryKey, wallet }),
    )
    return { user }
  } finally {
    prfOutput?.fill(0)
  }
}

/** The wrapped keys of the wallet's methods for this passkey credential, newest first. */
const passkeyMethodsOf = (wallet: ServerWallet, credentialId: string) =>
  wallet.recoveryMethods
    .filter((method) => method.kind === 'passkey' && method.credentialId === credentialId)
    .reverse()
    .map((method) => method.wrappedKey)

/** Runs `use` with the recovery key a passkey of the wallet opens, then zeroes it. */
async function withPasskeyRecoveryKey<result>(
  parameters: RecoverWithPasskeyParameters,
  use: (recoveryKey: Uint8Array) => Promise<result>,
): Promise<result> {
  const { passkeys } = parameters
  const known = parameters.wallet ?? (await parameters.authApi.getAuthShares()).wallet
  if (!known) throw new FrameRequestError('There is no wallet to recover')
  const methods = known.recoveryMethods.filter(
    (method) => method.kind === 'passkey' && method.credentialId,
  )
  if (methods.length === 0) throw new WrongRecoveryFactorError('No passkey is set')
  const assertion = await ceremony('get', () =>
    passkeys.credentials.get(
      passkeyPublicKeyGet(passkeys, [...new Set(methods.map((method) => method.credentialId!))]),
    ),
  )
  if (assertion?.type !== 'public-key')
    throw new FrameRequestError('The passkey was not used (cancelled or timed out)')
  const prfOutput = prfOutputOf(assertion)
  if (!prfOutput) throw new WrongRecoveryFactorError('This passkey gave no key (no PRF support)')
  try {
    const candidates = passkeyMethodsOf(known, assertion.id)
    if (candidates.length === 0)
      throw new WrongRecoveryFactorError('This passkey does not protect this wallet')
    const opened = await withFirstUnwrapped(
      candidates,
      (wrapped) => unwrapWithPrf(wrapped, prfOutput),
      use,
    )
    if (!opened) throw new WrongRecoveryFactorError('This passkey does not open the wallet')
    return opened.result
  } finally {
    prfOutput.fill(0)
  }
}
