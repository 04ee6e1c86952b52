import { describe, expect, it } from 'vitest'
import { createMemoryDeviceShareStore } from '../custody/deviceShareStore.ts'
import { withSigner } from '../custody/withSigner.ts'
import { FrameRequestError, WrongRecoveryFactorError } from '../errors.ts'
import { createFakeAuthenticator } from '../test-utils/createFakeAuthenticator.ts'
import {
  createMemoryAuthServer,
  type MemoryAuthServer,
} from '../test-utils/createMemoryAuthServer.ts'
import { ensureWallet, loadSignerShares } from './ensureWallet.ts'
import {
  createPasskeyMethod,
  isPasskeySupported,
  PASSKEY_PRF_INPUT,
  recoverWithPasskey,
} from './passkeyFactor.ts'

const RP_ID = 'frame.localhost'

/** One browser profile logged in by email (a known email's new device approved), wallet ensured. */
async function device(server: MemoryAuthServer, email: string) {
  const authApi = server.connect()
  const deviceShareStore = createMemoryDeviceShareStore()
  const deviceId = await deviceShareStore.getDeviceId()
  await authApi.startEmailLogin({ email, deviceId, projectId: 'demo' })
  const otp = server.mailbox.findLast((mail) => mail.to === email && mail.kind === 'otp')!.otp!
  const verified = await authApi.verifyEmailOtp({ email, otp, deviceId })
  let user = 'user' in verified ? verified.user : undefined
  if (!user) {
    server.approveDevice(email)
    user = (await authApi.checkDeviceApproval({ email, deviceId })).user!
  }
  const custody = { authApi, deviceShareStore, userId: user.userId }
  const ensured = await ensureWallet(custody)
  return { ...custody, ensured }
}

/** Signs with this device's shares: proves it holds the wallet. */
async function signHere(custody: Awaited<ReturnType<typeof device>>) {
  const { shares, addresses } = await loadSignerShares(custody)
  return withSigner(shares, ({ eip155 }) => eip155.address, { expectedAddresses: addresses })
}

describe('the passkey recovery factor', () => {
  it('wraps the recovery key under the PRF output; the same passkey on a new device recovers the same wallet, another PRF output does not', async () => {
    const server = createMemoryAuthServer()
    const phone = createFakeAuthenticator()
    const first = await device(server, 'ada@example.com')
    const { method } = await createPasskeyMethod({
      ...first,
      passkeys: phone.environment(RP_ID),
      userName: 'ada@example.com',
    })
    expect(method.kind).toBe('passkey')
    expect(method.wrappedKey.kdf.name).toBe('hkdf-prf')
    expect(method.credentialId).toBe(phone.passkeys[0]!.id)
    expect(method.credentialId).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(phone.passkeys[0]).toMatchObject({ rpId: RP_ID, userName: 'ada@example.com' })
    // The server holds nothing the passkey's output is in.
    expect(JSON.stringify(server.database.get(first.userId))).not.toContain(
      Buffer.from(phone.passkeys[0]!.secret).toString('hex'),
    )

    // A new device, the email approved: locked until the passkey.
    const second = await device(server, 'ada@example.com')
    expect(second.ensured.locked).toBe(true)

    // The same passkey id with another secret (another PRF output) opens nothing.
    const impostor = createFakeAuthenticator()
    impostor.passkeys.push({ ...phone.passkeys[0]!, secret: new Uint8Array(32).fill(7) })
    await expect(
      recoverWithPasskey({ ...second, passkeys: impostor.environment(RP_ID) }),
    ).rejects.toThrow(WrongRecoveryFactorError)
    expect(await second.deviceShareStore.getShare(second.userId)).toBeNull()

    // The synced passkey: the same PRF output, the same wallet.
    const laptop = createFakeAuthenticator()
    laptop.passkeys.push(...phone.passkeys)
    const { addresses } = await recoverWithPasskey({
      ...second,
      passkeys: laptop.environment(RP_ID),
    })
    expect(addresses).toEqual(first.ensured.addresses)
    expect(await signHere(second)).toBe(first.ensured.addresses.eip155)
    expect(server.database.get(second.userId)?.shareSets).toHaveLength(2)
    expect(laptop.ceremonies).toEqual(['get'])
  })

  it('asks the passkey again when it gives its PRF output only when used', async () => {
    const server = createMemoryAuthServer()
    const key = createFakeAuthenticator({ prf: 'get-only' })
    const first = await device(server, 'bea@example.com')
    await createPasskeyMethod({ ...first, passkeys: key.environment(RP_ID), userName: 'bea' })
    expect(key.ceremonies).toEqual(['create', 'get'])
    const second = await device(server, 'bea@example.com')
    await recoverWithPasskey({ ...second, passkeys: key.environment(RP_ID) })
    expect(await signHere(second)).toBe(first.ensured.addresses.eip155)
  })

  it('stores nothing for a passkey without PRF, or when the visitor cancels', async () => {
    const server = createMemoryAuthServer()
    const first = await device(server, 'cy@example.com')
    const noPrf = createFakeAuthenticator({ prf: 'none' })
    await expect(
      createPasskeyMethod({ ...first, passkeys: noPrf.environment(RP_ID), userName: 'cy' }),
    ).rejects.toThrow('no PRF support')
    const key = createFakeAuthenticator()
    key.cancelNext()
    await expect(
      createPasskeyMethod({ ...first, passkeys: key.environment(RP_ID), userName: 'cy' }),
    ).rejects.toThrow(FrameRequestError)
    expect(server.database.get(first.userId)?.recoveryMethods).toEqual([])

    // A passkey already protecting the wallet is not made twice on the same authenticator.
    const { method } = await createPasskeyMethod({
      ...first,
      passkeys: key.environment(RP_ID),
      userName: 'cy',
    })
    await expect(
      createPasskeyMethod({
        ...first,
        passkeys: key.environment(RP_ID),
        userName: 'cy',
        excludeCredentialIds: [method.credentialId!],
      }),
    ).rejects.toThrow('already protects your wallet')

    // No passkey method: nothing to ask.
    const other = await device(server, 'dee@example.com')
    await expect(
      recoverWithPasskey({ ...other, passkeys: key.environment(RP_ID) }),
    ).rejects.toThrow('No passkey is set')
  })

  it('evaluates the PRF at one fixed input', () => {
    expect(PASSKEY_PRF_INPUT).toHaveLength(32)
  })
})

describe('isPasskeySupported', () => {
  const scope = (overrides: Record<string, unknown> = {}) => ({
    PublicKeyCredential: Object.assign(() => undefined, {}),
    navigator: { credentials: {} },
    isSecureContext: true,
    location: { hostname: 'localhost' },
    ...overrides,
  })

  it('needs WebAuthn on a domain of a secure context', async () => {
    expect(await isPasskeySupported(scope())).toBe(true)
    expect(await isPasskeySupported(scope({ PublicKeyCredential: undefined }))).toBe(false)
    expect(await isPasskeySupported(scope({ navigator: {} }))).toBe(false)
    expect(await isPasskeySupported(scope({ isSecureContext: false }))).toBe(false)
    // WebAuthn refuses an IP address as the relying party.
    expect(await isPasskeySupported(scope({ location: { hostname: '127.0.0.1' } }))).toBe(false)
    expect(await isPasskeySupported(scope({ location: { hostname: '[::1]' } }))).toBe(false)
  })

  it('trusts getClientCapabilities about PRF where the browser has it', async () => {
    const withCapabilities = (prf: boolean | undefined) =>
      scope({
        PublicKeyCredential: Object.assign(() => undefined, {
          getClientCapabilities: async () => ({ 'extension:prf': prf }),
        }),
      })
    expect(await isPasskeySupported(withCapabilities(true))).toBe(true)
    expect(await isPasskeySupported(withCapabilities(false))).toBe(false)
    expect(await isPasskeySupported(withCapabilities(undefined))).toBe(true)
  })
})
