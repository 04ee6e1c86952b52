/**
 * The frame's logins step by step (no chain, no recovery-password KDF at full cost): what the
 * recovery view of a new device is offered and what it recovers with, the session a reload finds,
 * the waits for a device approval and a Farcaster client, and the answers of passkey, social and
 * Farcaster logins that fail.
 */
import { recoverMessageAddress, toHex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryDeviceShareStore } from '../custody/deviceShareStore.ts'
import { wrapWithPassword } from '../custody/recoveryKey.ts'
import { createSealingKeyPair } from '../custody/sealedBox.ts'
import type { UserRecord } from '../protocol/auth-api.ts'
import { FRAME_HIDE_TYPE, FRAME_SHOW_TYPE } from '../protocol/messages.ts'
import { createFakeAuthenticator } from '../test-utils/createFakeAuthenticator.ts'
import {
  type CreateFrameHostHarnessParameters,
  createFrameHostHarness,
  type HarnessPosted,
} from '../test-utils/createFrameHostHarness.ts'
import {
  createMemoryAuthServer,
  type MemoryAuthServer,
} from '../test-utils/createMemoryAuthServer.ts'
import { createScriptedPrompts } from '../test-utils/createScriptedPrompts.ts'
import type { AuthApi } from './authApi.ts'
import type { FramePrompts } from './prompts.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const rpId = 'frame.localhost'
const channelOf = (url: unknown) => new URL(url as string).searchParams.get('channelToken')!
const stateOf = (uri: unknown) => new URL(uri as string).searchParams.get('state')!
/** What the frame posted to be shown above the app or hidden again (replies and READY left out). */
const shownOrHidden = (posted: HarnessPosted[]) =>
  posted.filter(({ message }) => [FRAME_SHOW_TYPE, FRAME_HIDE_TYPE].includes(message.type))

type UnlockOptions = Parameters<FramePrompts['unlock']>[0]
type Offer = Pick<
  UnlockOptions,
  'hasPassword' | 'hasPasskey' | 'passkeyUnavailable' | 'hasOtherDevices' | 'operatorRecovery'
>

/**
 * A device of the harness whose recovery view records what it offered the visitor, and may be
 * scripted further (`unlock` replaces the scripted visitor's answer when set).
 */
function setupDevice(
  options: CreateFrameHostHarnessParameters & {
    unlock?: (options: UnlockOptions) => Promise<boolean>
  } = {},
) {
  const { unlock, ...harnessOptions } = options
  const visitor = options.prompts ?? createScriptedPrompts()
  const offered: Offer[] = []
  const device = createFrameHostHarness({
    ...harnessOptions,
    prompts: visitor,
    createPrompts: (frame) => {
      const prompts = visitor.createPrompts(frame)
      return {
        ...prompts,
        unlock: (unlockOptions) => {
          const { hasPassword, hasPasskey, passkeyUnavailable, hasOtherDevices, operatorRecovery } =
            unlockOptions
          offered.push({
            hasPassword,
            hasPasskey,
            passkeyUnavailable,
            hasOtherDevices,
            operatorRecovery,
          })
          return unlock ? unlock(unlockOptions) : prompts.unlock(unlockOptions)
        },
      }
    },
  })
  return { ...device, offered }
}

/** The first device of `email`: logged in, holding the wallet's share and recovery key. */
async function firstDevice(server: MemoryAuthServer, email: string, passkeys = false) {
  const owner = createScriptedPrompts()
  owner.usePasskey = passkeys
  const phone = createFakeAuthenticator()
  const device = createFrameHostHarness({
    server,
    prompts: owner,
    passkeys: phone.environment(rpId),
  })
  await device.loginByEmail(email)
  const user = (await device.call('GET_USER', {})) as { userId: string; address: `0x${string}` }
  /** Adds a passkey (synced to `phone`) as the wallet's recovery method. */
  const addPasskey = async () => {
    owner.usePasskey = true
    expect(await device.call('SETUP_RECOVERY', {})).toMatchObject({ methods: ['passkey'] })
  }
  /**
   * Adds a recovery password, wrapped at a low scrypt cost so the test stays fast (the frame reads
   * the cost from the wrapped key).
   */
  const addPassword = async (password: string) => {
    const recoveryKey = (await device.deviceShareStore.getRecoveryKey(user.userId))!
    const wrappedKey = await wrapWithPassword({
      recoveryKey,
      password,
      kdfParameters: { N: 1024, r: 8, p: 1 },
    })
    server.database.get(user.userId)!.recoveryMethods.push({
      id: crypto.randomUUID(),
      kind: 'password',
      wrappedKey,
      createdAt: new Date().toISOString(),
    })
  }
  return { device, user, phone, addPasskey, addPassword }
}

describe('createFrameHost: the recovery view of a new device', () => {
  it('offers exactly the factors the wallet has, and a passkey only where this browser can use it', async () => {
    const server = createMemoryAuthServer()
    const first = await firstDevice(server, 'ada@example.com')
    const passkeysHere = () => createFakeAuthenticator().environment(rpId)
    const methods = server.database.get(first.user.userId)!.recoveryMethods

    await first.addPassword('correct horse battery')
    const withPasskeys = setupDevice({ server, passkeys: passkeysHere() })
    await withPasskeys.loginByEmail('ada@example.com')
    const withoutPasskeys = setupDevice({ server })
    await withoutPasskeys.loginByEmail('ada@example.com')
    const passwordOnly = {
      hasPassword: true,
      hasPasskey: false,
      passkeyUnavailable: false,
      hasOtherDevices: true,
      operatorRecovery: false,
    }
    expect(withPasskeys.offered).toEqual([passwordOnly])
    expect(withoutPasskeys.offered).toEqual([passwordOnly])

    methods.length = 0
    await first.addPasskey()
    const canUsePasskey = setupDevice({ server, passkeys: passkeysHere() })
    await canUsePasskey.loginByEmail('ada@example.com')
    const cannotUsePasskey = setupDevice({ server })
    await cannotUsePasskey.loginByEmail('ada@example.com')
    expect(canUsePasskey.offered).toEqual([
      { ...passwordOnly, hasPassword: false, hasPasskey: true },
    ])
    expect(cannotUsePasskey.offered).toEqual([
      { ...passwordOnly, hasPassword: false, passkeyUnavailable: true },
    ])

    await first.addPassword('correct horse battery')
    const both = setupDevice({ server, passkeys: passkeysHere() })
    await both.loginByEmail('ada@example.com')
    expect(both.offered).toEqual([{ ...passwordOnly, hasPasskey: true }])
  }, 30_000)

  it('tells a device that lost its keys whether the operator or another device can help', async () => {
    const operator = createSealingKeyPair()
    const server = createMemoryAuthServer({ operatorRecoverySecretKey: operator.secretKey })
    const store = createMemoryDeviceShareStore()
    let lost = false
    // The share and the recovery key are gone from this browser; its device id is not.
    const deviceShareStore = {
      ...store,
      getShare: async (walletId: string) => (lost ? null : store.getShare(walletId)),
      getRecoveryKey: async (walletId: string) => (lost ? null : store.getRecoveryKey(walletId)),
    }
    const options = { server, deviceShareStore, operatorRecoveryPublicKey: operator.publicKey }
    const device = setupDevice(options)
    await device.loginByEmail('max@example.com')
    lost = true
    await device.call('RELOAD', {})
    expect(await device.failure('UNLOCK_WALLET', {})).toEqual({
      message: 'User rejected the request.',
      code: 4001,
    })
    const alone = {
      hasPassword: false,
      hasPasskey: false,
      passkeyUnavailable: false,
      hasOtherDevices: false,
      operatorRecovery: true,
    }
    expect(device.offered).toEqual([alone])

    // Another device joins, approved by email (the operator's key re-seals the wallet to it).
    const other = createFrameHostHarness({ server, operatorRecoveryPublicKey: operator.publicKey })
    await other.loginByEmail('max@example.com')
    expect(await other.call('GET_USER', {})).toMatchObject({ recovery: { locked: false } })
    await device.call('RELOAD', {})
    await device.failure('UNLOCK_WALLET', {})
    expect(device.offered).toEqual([alone, { ...alone, hasOtherDevices: true }])
  }, 30_000)

  it('opens the recovery view from the wallet it read at login, without another request', async () => {
    const server = createMemoryAuthServer()
    await firstDevice(server, 'ola@example.com')
    const api = server.connect()
    let reads = 0
    const authApi: AuthApi = {
      ...api,
      getAuthShares: () => {
        reads++
        return api.getAuthShares()
      },
    }
    const second = setupDevice({ server, authApi })
    await second.loginByEmail('ola@example.com')
    const before = reads
    await second.failure('UNLOCK_WALLET', {})
    expect(second.offered).toHaveLength(2)
    expect(reads).toBe(before)
  })

  it('recovers the wallet with the recovery password, then signs', async () => {
    const server = createMemoryAuthServer()
    const first = await firstDevice(server, 'bea@example.com')
    await first.addPassword('correct horse battery')
    const visitor = createScriptedPrompts()
    visitor.unlockWith = 'password'
    visitor.password = 'correct horse battery'
    const second = setupDevice({ server, prompts: visitor })
    await second.loginByEmail('bea@example.com')
    expect(await second.call('GET_USER', {})).toMatchObject({
      address: first.user.address,
      recovery: { locked: false },
    })
    const { result } = await second.call('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('recovered'), first.user.address],
    })
    expect(
      await recoverMessageAddress({ message: 'recovered', signature: result as `0x${string}` }),
    ).toBe(first.user.address)
  }, 30_000)

  it('asks for the passkey again when a locked device must sign, and signs once recovered', async () => {
    const server = createMemoryAuthServer()
    const first = await firstDevice(server, 'cy@example.com')
    await first.addPasskey()
    const laptop = createFakeAuthenticator()
    laptop.passkeys.push(...first.phone.passkeys)
    const visitor = createScriptedPrompts()
    const second = setupDevice({ server, prompts: visitor, passkeys: laptop.environment(rpId) })
    // "Not now" right after login, and again when the app asks to unlock.
    await second.loginByEmail('cy@example.com')
    expect(await second.failure('UNLOCK_WALLET', {})).toEqual({
      message: 'User rejected the request.',
      code: 4001,
    })
    visitor.unlockWith = 'passkey'
    const { result } = await second.call('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('at last'), first.user.address],
    })
    expect(
      await recoverMessageAddress({ message: 'at last', signature: result as `0x${string}` }),
    ).toBe(first.user.address)
    expect(second.offered).toHaveLength(3)
    expect(visitor.approvals).toHaveLength(1)
    expect(await second.call('GET_USER', {})).toMatchObject({ recovery: { locked: false } })
  }, 30_000)

  it('refuses a passkey recovery in a browser without passkeys, in words the view can show', async () => {
    const server = createMemoryAuthServer()
    const first = await firstDevice(server, 'dee@example.com')
    await first.addPasskey()
    const refusals: unknown[] = []
    const second = setupDevice({
      server,
      unlock: async (options) => {
        await options.recoverWithPasskey().catch((error: unknown) => refusals.push(error))
        return false
      },
    })
    await second.loginByEmail('dee@example.com')
    expect(refusals).toHaveLength(1)
    expect(refusals[0]).toMatchObject({ shortMessage: 'Passkeys are not available here' })
    expect(await second.call('GET_USER', {})).toMatchObject({ recovery: { locked: true } })
  }, 30_000)

  it('answers a new login without waiting for the recovery view the previous account left open', async () => {
    const server = createMemoryAuthServer()
    const first = await firstDevice(server, 'eve@example.com')
    let hold: ((recovered: boolean) => void) | undefined
    const second = setupDevice({
      server,
      unlock: async () => (hold ? new Promise<boolean>((resolve) => (hold = resolve)) : false),
    })
    await second.loginByEmail('eve@example.com')
    hold = () => undefined
    const signing = second.failure('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('later'), first.user.address],
    })
    await vi.waitFor(() => expect(second.offered).toHaveLength(2))
    await second.call('SIGN_OUT', {})
    await second.call('CONNECT_EMAIL', { email: 'fay@example.com' })
    const login = second.call('CONNECT_OTP', { otp: second.lastOtp('fay@example.com') })
    expect(await Promise.race([login, sleep(3_000).then(() => 'still waiting')])).toEqual({})
    hold(false)
    expect(await signing).toEqual({
      message: 'Recover your wallet on this device first',
      code: 4100,
    })
    expect(await second.call('GET_USER', {})).toMatchObject({
      email: 'fay@example.com',
      recovery: { locked: false },
    })
  }, 30_000)
})

describe('createFrameHost: key export', () => {
  it('offers no export when the server no longer describes the wallet', async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    let forgotten = false
    const authApi: AuthApi = {
      ...api,
      getAuthShares: async () => (forgotten ? { wallet: null } : api.getAuthShares()),
    }
    const frame = createFrameHostHarness({ server, authApi })
    await frame.loginByEmail('lou@example.com')
    forgotten = true
    expect(await frame.failure('EXPORT_KEY', {})).toEqual({
      message: 'Set up a recovery method to export your key',
      code: 4001,
    })
    expect(frame.prompts.exported).toEqual([])
  })
})

describe('createFrameHost: the session a reload finds', () => {
  it('reads the session anew on every RELOAD', async () => {
    const server = createMemoryAuthServer()
    const authApi = server.connect()
    await createFrameHostHarness({ server, authApi }).loginByEmail('gus@example.com')
    const reloaded = createFrameHostHarness({ server, authApi })
    expect(await reloaded.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
    await authApi.signOut({})
    expect(await reloaded.call('RELOAD', {})).toEqual({})
    expect(await reloaded.failure('GET_USER', {})).toEqual({
      message: 'Not connected to email or social',
    })
  })

  it('makes the wallet of a session that has none, and reports operator recovery as the server does', async () => {
    const operator = createSealingKeyPair()
    const server = createMemoryAuthServer({ operatorRecoverySecretKey: operator.secretKey })
    const authApi = server.connect()
    // Logged in on the server, the frame reloaded before it made the wallet.
    await authApi.startEmailLogin({
      email: 'hal@example.com',
      deviceId: 'elsewhere',
      projectId: 'demo',
    })
    const deviceShareStore = createMemoryDeviceShareStore()
    await authApi.verifyEmailOtp({
      email: 'hal@example.com',
      otp: server.mailbox.findLast((mail) => mail.to === 'hal@example.com')!.otp!,
      deviceId: await deviceShareStore.getDeviceId(),
      appOrigin: 'http://app.localhost:3000',
      app: { themeMode: 'dark' },
    })
    const restored = createFrameHostHarness({
      server,
      authApi,
      deviceShareStore,
      operatorRecoveryPublicKey: operator.publicKey,
    })
    expect(await restored.call('GET_USER', {})).toMatchObject({
      email: 'hal@example.com',
      recovery: { methods: [], operatorRecovery: true, locked: false },
    })

    const loggedIn = createFrameHostHarness({
      server,
      operatorRecoveryPublicKey: operator.publicKey,
    })
    await loggedIn.loginByEmail('ida@example.com')
    expect(await loggedIn.call('GET_USER', {})).toMatchObject({
      recovery: { operatorRecovery: true, locked: false },
    })
  })
})

describe('createFrameHost: waiting for a device approval', () => {
  it('keeps waiting through answers that name no account, asking as often as configured', async () => {
    const server = createMemoryAuthServer()
    await firstDevice(server, 'jo@example.com')
    const api = server.connect()
    let checks = 0
    const authApi: AuthApi = {
      ...api,
      checkDeviceApproval: async (body) => {
        checks++
        // The server's approval without the account (as when another request took it first).
        if (checks <= 3) return { approved: true }
        return api.checkDeviceApproval(body)
      },
    }
    const second = createFrameHostHarness({
      server,
      authApi,
      devicePollIntervalMs: 5,
      deviceApprovalTimeoutMs: 1_500,
    })
    await second.call('CONNECT_EMAIL', { email: 'jo@example.com' })
    await second.call('CONNECT_OTP', { otp: second.lastOtp('jo@example.com') })
    server.approveDevice('jo@example.com')
    expect(await second.call('CONNECT_DEVICE', {})).toEqual({})
    expect(checks).toBe(4)
    expect(await second.call('GET_USER', {})).toMatchObject({ email: 'jo@example.com' })
  })

  it("waits for the approval of another account's login while still signed in", async () => {
    const server = createMemoryAuthServer()
    await firstDevice(server, 'ann@example.com')
    const device = createFrameHostHarness({ server })
    await device.loginByEmail('bo@example.com')
    await device.call('CONNECT_EMAIL', { email: 'ann@example.com' })
    expect(await device.call('CONNECT_OTP', { otp: device.lastOtp('ann@example.com') })).toEqual({
      action: 'VERIFY_DEVICE',
    })
    const wait = device.call('CONNECT_DEVICE', {})
    await sleep(20)
    server.approveDevice('ann@example.com')
    expect(await wait).toEqual({})
    expect(await device.call('GET_USER', {})).toMatchObject({ email: 'ann@example.com' })
  })

  it('keeps one wait per login when the app moves to another email while a wait runs', async () => {
    const server = createMemoryAuthServer()
    for (const email of ['a1', 'b1', 'a2', 'b2']) await firstDevice(server, `${email}@example.com`)
    /** Device approval asked for `first`, then for `second`, on one new device. */
    const waitForBoth = async (first: string, second: string) => {
      const device = createFrameHostHarness({ server, deviceApprovalTimeoutMs: 3_000 })
      const start = async (email: string) => {
        await device.call('CONNECT_EMAIL', { email })
        await device.call('CONNECT_OTP', { otp: device.lastOtp(email) })
        return {
          reply: device.request('CONNECT_DEVICE', {}).then(({ message }) => message.payload),
        }
      }
      const firstWait = await start(first)
      // The first wait is under way before the app moves on.
      await sleep(20)
      const secondWait = await start(second)
      return { device, first: firstWait.reply, second: secondWait.reply }
    }
    const refused = { message: 'This login was refused from the email: this device is blocked' }

    // The first login refused while the second waits: asking again joins the second's wait.
    const one = await waitForBoth('a1@example.com', 'b1@example.com')
    const second = one.second
    server.denyDevice('a1@example.com')
    expect(await one.first).toEqual(refused)
    const again = one.device.call('CONNECT_DEVICE', {})
    server.approveDevice('b1@example.com')
    expect(await Promise.all([second, again])).toEqual([{}, {}])

    // The second login approved first: the first still ends with the server's words.
    const two = await waitForBoth('a2@example.com', 'b2@example.com')
    server.approveDevice('b2@example.com')
    expect(await two.second).toEqual({})
    server.denyDevice('a2@example.com')
    expect(await two.first).toEqual(refused)
  }, 30_000)

  it('waits anew when asked again after a wait that timed out', async () => {
    const server = createMemoryAuthServer()
    await firstDevice(server, 'kay@example.com')
    const second = createFrameHostHarness({ server, deviceApprovalTimeoutMs: 60 })
    await second.call('CONNECT_EMAIL', { email: 'kay@example.com' })
    await second.call('CONNECT_OTP', { otp: second.lastOtp('kay@example.com') })
    expect(await second.failure('CONNECT_DEVICE', {})).toEqual({ message: 'Failed to connect' })
    server.approveDevice('kay@example.com')
    expect(await second.call('CONNECT_DEVICE', {})).toEqual({})
    expect(await second.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
  })
})

describe('createFrameHost: passkey login', () => {
  it('shows nothing and asks the server nothing where passkeys are not available', async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    let asked = 0
    const authApi: AuthApi = {
      ...api,
      passkeyLoginOptions: (body) => {
        asked++
        return api.passkeyLoginOptions(body)
      },
    }
    const none = createFrameHostHarness({ server, authApi })
    const laptop = createFakeAuthenticator()
    const broken = createFrameHostHarness({
      server,
      authApi,
      // Feature detection that fails: no passkeys offered rather than a broken sheet.
      passkeys: laptop.environment(rpId, async () => {
        throw new Error('PublicKeyCredential is not defined')
      }),
    })
    for (const frame of [none, broken]) {
      const before = frame.posted.length
      expect(await frame.failure('CONNECT_PASSKEY', {})).toStrictEqual({
        message: 'Failed to connect',
      })
      expect(shownOrHidden(frame.posted.slice(before))).toEqual([])
    }
    expect(asked).toBe(0)
    expect(laptop.ceremonies).toEqual([])
  })

  it("answers 'Failed to connect' when the passkey or the server fails, 4001 only for a passkey not used", async () => {
    const server = createMemoryAuthServer()
    const laptop = createFakeAuthenticator()
    const refusing = createFrameHostHarness({
      server,
      passkeys: {
        ...laptop.environment(rpId),
        credentials: {
          ...laptop.credentials,
          get: async () => {
            throw new DOMException('The relying party is not allowed here', 'SecurityError')
          },
        },
      },
    })
    expect(await refusing.failure('CONNECT_PASSKEY', {})).toStrictEqual({
      message: 'Failed to connect',
    })
    expect(shownOrHidden(refusing.posted)).toEqual([
      { message: { type: FRAME_SHOW_TYPE }, targetOrigin: 'http://app.localhost:3000' },
      { message: { type: FRAME_HIDE_TYPE }, targetOrigin: 'http://app.localhost:3000' },
    ])

    const offline = createFrameHostHarness({ server, passkeys: laptop.environment(rpId) })
    server.setReachable(false)
    expect(await offline.failure('CONNECT_PASSKEY', {})).toStrictEqual({
      message: 'Something went wrong',
    })
  })
})

describe('createFrameHost: shown only to an allowed app', () => {
  it('posts SHOW and HIDE to no window whose origin the allow-list does not match', async () => {
    // The embedding page's origin as the browser reported it at load is not allowed; requests
    // from an allowed origin are still answered, to that origin.
    const frame = createFrameHostHarness({
      parentOrigin: 'http://app.localhost:3001',
      passkeys: createFakeAuthenticator().environment(rpId),
    })
    expect(await frame.failure('CONNECT_PASSKEY', {})).toEqual({
      message: 'The passkey was not used',
      code: 4001,
    })
    expect(frame.posted.filter((entry) => entry.message.id === undefined)).toEqual([])
  })
})

describe('createFrameHost: social login answers', () => {
  it("shows the provider's text when the provider failed", async () => {
    const frame = createFrameHostHarness()
    const { uri } = await frame.call('GET_SOCIAL_REDIRECT_URI', { provider: 'discord' })
    const failed = frame.server.socialResultUri(stateOf(uri), {
      error: 'provider_error',
      description: 'Discord is unavailable right now',
    })
    expect(await frame.failure('CONNECT_SOCIAL', { uri: failed })).toEqual({
      message: 'Discord is unavailable right now',
    })
  })

  it('sends the server no result but that of the login it started', async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    const completed: string[] = []
    const authApi: AuthApi = {
      ...api,
      completeSocialLogin: (body) => {
        completed.push(body.resultUri)
        return api.completeSocialLogin(body)
      },
    }
    const frame = createFrameHostHarness({ server, authApi })
    const other = createFrameHostHarness({ server })
    const { uri: otherUri } = await other.call('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    const foreign = server.socialResultUri(stateOf(otherUri), { subject: 'someone' })
    expect(await frame.failure('CONNECT_SOCIAL', { uri: foreign })).toEqual({
      message: 'Failed to connect',
    })
    const { uri } = await frame.call('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    expect(await frame.failure('CONNECT_SOCIAL', { uri: foreign })).toEqual({
      message: 'Failed to connect',
    })
    expect(await frame.failure('CONNECT_SOCIAL', { uri: 'not a url' })).toEqual({
      message: 'Failed to connect',
    })
    expect(completed).toEqual([])
    const own = server.socialResultUri(stateOf(uri), { subject: 'gh-1', name: 'Lea' })
    expect(await frame.call('CONNECT_SOCIAL', { uri: own })).toEqual({ userName: 'Lea' })
    expect(completed).toEqual([own])
  })
})

/** A Farcaster relay whose requests live `lifetime()` ms and whose start the test may hold. */
function farcasterRelay(server: MemoryAuthServer, lifetime = () => 300_000) {
  const api = server.connect()
  const held: { release: () => void; fail: (error: unknown) => void }[] = []
  let holdNext = false
  const checks: string[] = []
  const authApi: AuthApi = {
    ...api,
    startFarcasterLogin: async (body) => {
      if (holdNext) {
        holdNext = false
        await new Promise<void>((release, fail) => held.push({ release, fail }))
      }
      return {
        ...(await api.startFarcasterLogin(body)),
        expiresAt: new Date(Date.now() + lifetime()).toISOString(),
      }
    },
    checkFarcasterLogin: (body) => {
      checks.push(body.channelToken)
      return api.checkFarcasterLogin(body)
    },
  }
  return {
    authApi,
    held,
    checks,
    holdNextStart: () => {
      holdNext = true
    },
  }
}

describe('createFrameHost: Farcaster login', () => {
  it('renews a request with exactly the 30 s margin left, keeps one with more', async () => {
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now)
    let lifetime = 30_000
    const relay = farcasterRelay(createMemoryAuthServer(), () => lifetime)
    const frame = createFrameHostHarness({ authApi: relay.authApi })
    const first = await frame.call('GET_FARCASTER_URI', {})
    lifetime = 30_001
    const second = await frame.call('GET_FARCASTER_URI', {})
    expect(second.url).not.toBe(first.url)
    expect((await frame.call('GET_FARCASTER_URI', {})).url).toBe(second.url)
  })

  it('gives up on a request the moment it expires', async () => {
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now)
    const relay = farcasterRelay(createMemoryAuthServer(), () => 0)
    const frame = createFrameHostHarness({ authApi: relay.authApi })
    await frame.call('GET_FARCASTER_URI', {})
    const wait = frame.failure('CONNECT_FARCASTER', {})
    expect(await Promise.race([wait, sleep(2_000).then(() => 'still waiting')])).toEqual({
      message: 'Failed to connect to farcaster',
    })
    expect(relay.checks).toHaveLength(1)
  })

  it('ends the wait of a replaced request, and logs in with the new one', async () => {
    const server = createMemoryAuthServer()
    // 20 s left: inside the renewal margin, so the next GET_FARCASTER_URI replaces it.
    let lifetime = 20_000
    const relay = farcasterRelay(server, () => lifetime)
    const frame = createFrameHostHarness({ server, authApi: relay.authApi })
    const old = await frame.call('GET_FARCASTER_URI', {})
    const oldWait = frame.failure('CONNECT_FARCASTER', {})
    await vi.waitFor(() => expect(relay.checks).toContain(channelOf(old.url)))
    lifetime = 300_000
    const current = await frame.call('GET_FARCASTER_URI', {})
    expect(current.url).not.toBe(old.url)
    expect(await Promise.race([oldWait, sleep(2_000).then(() => 'still waiting')])).toEqual({
      message: 'Failed to connect to farcaster',
    })
    const checksOfOld = relay.checks.filter((token) => token === channelOf(old.url)).length
    const wait = frame.call('CONNECT_FARCASTER', {})
    server.approveFarcaster(channelOf(current.url), { fid: 9, username: 'mo' })
    expect(await wait).toEqual({ userName: 'mo' })
    expect(relay.checks.filter((token) => token === channelOf(old.url))).toHaveLength(checksOfOld)
  })

  it('starts a new request after the server refused the channel', async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    let refuse = true
    const authApi: AuthApi = {
      ...api,
      checkFarcasterLogin: async (body) => {
        if (refuse) throw new Error('socket hang up')
        return api.checkFarcasterLogin(body)
      },
    }
    const frame = createFrameHostHarness({ server, authApi })
    const refused = await frame.call('GET_FARCASTER_URI', {})
    expect(await frame.failure('CONNECT_FARCASTER', {})).toEqual({
      message: 'Failed to connect to farcaster',
    })
    refuse = false
    const next = await frame.call('GET_FARCASTER_URI', {})
    expect(next.url).not.toBe(refused.url)
    const wait = frame.call('CONNECT_FARCASTER', {})
    server.approveFarcaster(channelOf(next.url), { fid: 3, username: 'nia' })
    expect(await wait).toEqual({ userName: 'nia' })
  })

  it('answers a wait for a request that could not start, and keeps the newer request', async () => {
    const server = createMemoryAuthServer()
    const relay = farcasterRelay(server)
    const frame = createFrameHostHarness({ server, authApi: relay.authApi })
    relay.holdNextStart()
    const shown = frame.failure('GET_FARCASTER_URI', {})
    const waited = frame.failure('CONNECT_FARCASTER', {})
    await vi.waitFor(() => expect(relay.held).toHaveLength(1))
    // Signed out meanwhile, and a new request started before the old one failed.
    await frame.call('SIGN_OUT', {})
    const current = await frame.call('GET_FARCASTER_URI', {})
    relay.held[0]!.fail(new TypeError('fetch failed'))
    expect(await shown).toEqual({ message: 'Failed to connect to farcaster' })
    expect(await waited).toEqual({ message: 'Failed to connect to farcaster' })
    const wait = frame.call('CONNECT_FARCASTER', {})
    server.approveFarcaster(channelOf(current.url), { fid: 4, username: 'oz' })
    expect(await wait).toEqual({ userName: 'oz' })
  })

  it('logs in only with the account a completed status names, asking as often as configured', async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    const stranger: UserRecord = { userId: crypto.randomUUID(), userName: 'stranger' }
    const answers: Awaited<ReturnType<AuthApi['checkFarcasterLogin']>>[] = [
      { status: 'pending', user: stranger },
      { status: 'completed' },
    ]
    let checks = 0
    const authApi: AuthApi = {
      ...api,
      checkFarcasterLogin: async (body) => {
        checks++
        return answers.shift() ?? api.checkFarcasterLogin(body)
      },
    }
    const frame = createFrameHostHarness({ server, authApi, farcasterPollIntervalMs: 5 })
    const { url } = await frame.call('GET_FARCASTER_URI', {})
    server.approveFarcaster(channelOf(url), { fid: 5, username: 'pat' })
    const wait = frame.call('CONNECT_FARCASTER', {})
    // Three checks 5 ms apart: well before the default second between two.
    await vi.waitFor(() => expect(checks).toBeGreaterThanOrEqual(3), { timeout: 900 })
    expect(await wait).toEqual({ userName: 'pat' })
    expect(await frame.call('GET_USER', {})).toMatchObject({ userName: 'pat' })
  })

  it('answers `pending` after a minute without approval, and leaves no timer behind', async () => {
    vi.useFakeTimers()
    const server = createMemoryAuthServer()
    const frame = createFrameHostHarness({ server, farcasterPollIntervalMs: 10_000 })
    const { url } = await frame.call('GET_FARCASTER_URI', {})
    let answer: unknown
    frame.call('CONNECT_FARCASTER', {}).then((payload) => {
      answer = payload
    })
    await vi.advanceTimersByTimeAsync(59_000)
    expect(answer).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(answer).toEqual({ pending: true })

    server.approveFarcaster(channelOf(url), { fid: 6, username: 'quin' })
    const wait = frame.call('CONNECT_FARCASTER', {})
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await wait).toEqual({ userName: 'quin' })
    expect(vi.getTimerCount()).toBe(0)
  })
})
