/**
 * The frame host's account actions, message by message (no chain): the sign-in and the smart
 * account GET_USER answers, recovery set-up, unlocking and key export, and what a signed-in device
 * does for the visitor's other devices (new devices asking for the wallet, logins waiting for
 * approval), polled under fake timers. Recovery passwords are wrapped here with a cheap KDF, so
 * the real one's scrypt cost is not paid per test (the frame's own wrapping is covered with the
 * real cost in createFrameHost.test.ts).
 */
import { type Hex, recoverMessageAddress } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { wrapWithPassword, wrapWithPrf } from '../custody/recoveryKey.ts'
import { createSealingKeyPair } from '../custody/sealedBox.ts'
import type { LoginApproval } from '../protocol/auth-api.ts'
import { deleGatorDeployment, type SmartAccountNetwork } from '../smartAccount/delegator.ts'
import { createFakeAuthenticator } from '../test-utils/createFakeAuthenticator.ts'
import {
  harnessAppOrigin as APP_ORIGIN,
  harnessChainId as CHAIN_ID,
  type CreateFrameHostHarnessParameters,
  createFrameHostHarness,
} from '../test-utils/createFrameHostHarness.ts'
import {
  createMemoryAuthServer,
  type MemoryAuthServer,
} from '../test-utils/createMemoryAuthServer.ts'
import { createScriptedPrompts, type ScriptedPrompts } from '../test-utils/createScriptedPrompts.ts'
import type { AuthApi } from './authApi.ts'
import type { ExportKeyOptions, FramePrompts, SetupRecoveryOptions } from './prompts.ts'
import { deviceRequestCodeOf } from './recoveryFactors.ts'
import { createSignInMessage } from './siwe.ts'

const EMAIL = 'ada@example.com'
const PASSWORD = 'correct horse battery'
/** scrypt at its cheapest: what is tested is which factor the frame asks for, not its cost. */
const CHEAP_KDF = { N: 16, r: 1, p: 1 }
/** The timers the frame's polls use, and the clock login approvals expire by. */
const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

type Frame = ReturnType<typeof setup>

/** The harness, with the frame's own cookie jar at hand (`authApi`) to read what it asked. */
function setup(options: CreateFrameHostHarnessParameters = {}) {
  const server = options.server ?? createMemoryAuthServer()
  const authApi = options.authApi ?? server.connect()
  return { ...createFrameHostHarness({ ...options, server, authApi }), authApi }
}

/** An AuthApi that counts the calls of each of its methods. */
function counted(api: AuthApi) {
  const calls: Partial<Record<keyof AuthApi, number>> = {}
  const wrapped = Object.fromEntries(
    Object.entries(api).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        calls[name as keyof AuthApi] = (calls[name as keyof AuthApi] ?? 0) + 1
        return (fn as (...a: unknown[]) => unknown)(...args)
      },
    ]),
  ) as AuthApi
  return { api: wrapped, count: (name: keyof AuthApi) => calls[name] ?? 0 }
}

/**
 * The visitor's prompts, with what the recovery and export views were offered recorded. The
 * recovery view adds a passkey when the visitor uses passkeys, never a password (the frame's own
 * password wrapping has the real KDF's cost).
 */
function recordingPrompts(
  visitor: ScriptedPrompts,
  overrides: (prompts: FramePrompts) => Partial<FramePrompts> = () => ({}),
) {
  const setups: SetupRecoveryOptions[] = []
  const exports: ExportKeyOptions[] = []
  const createPrompts = (frame: { show: () => void; hide: () => void }): FramePrompts => {
    const prompts = visitor.createPrompts(frame)
    return {
      ...prompts,
      setupRecovery: async (options) => {
        setups.push(options)
        if (visitor.usePasskey && options.addPasskey) await options.addPasskey()
      },
      exportKey: (options) => {
        exports.push(options)
        return prompts.exportKey(options)
      },
      ...overrides(prompts),
    }
  }
  return { setups, exports, createPrompts }
}

/** Gives the logged-in visitor's wallet a recovery password, as the frame would (cheap KDF). */
async function addRecoveryPassword(frame: Frame, password = PASSWORD) {
  const { userId } = (await frame.call('GET_USER', {})) as { userId: string }
  const recoveryKey = await frame.deviceShareStore.getRecoveryKey(userId)
  const wrappedKey = await wrapWithPassword({
    recoveryKey: recoveryKey!,
    password,
    kdfParameters: CHEAP_KDF,
  })
  await frame.authApi.addRecoveryMethod({ kind: 'password', wrappedKey })
  // The frame reads the wallet again, as after a reload.
  await frame.call('RELOAD', {})
}

/** A second device of the visitor, logged in (approved on the emailed page) but still locked. */
async function lockedDevice(server: MemoryAuthServer, email = EMAIL) {
  const visitor = createScriptedPrompts()
  const recorded = recordingPrompts(visitor)
  const frame = setup({ server, prompts: visitor, createPrompts: recorded.createPrompts })
  await frame.loginByEmail(email)
  expect(await frame.call('GET_USER', {})).toMatchObject({ recovery: { locked: true } })
  // From now on the visitor recovers the wallet with the password when asked.
  visitor.unlockWith = 'password'
  visitor.password = PASSWORD
  return { frame, visitor, ...recorded }
}

/** Lets the frame's pending work (promises, Web Crypto) finish, under fake timers too. */
async function settle(done?: () => boolean) {
  for (let i = 0; i < (done ? 500 : 50) && !done?.(); i++)
    await new Promise((resolve) => setImmediate(resolve))
}

/** Another browser of the visitor logs in with a right code and waits for approval to log in. */
async function newDeviceWaitsToLogIn(server: MemoryAuthServer, email = EMAIL) {
  const api = server.connect()
  const deviceId = crypto.randomUUID()
  await api.startEmailLogin({ email, deviceId, projectId: 'demo' })
  const otp = server.mailbox.findLast((mail) => mail.to === email && mail.kind === 'otp')!.otp!
  expect(await api.verifyEmailOtp({ email, otp, deviceId })).toEqual({ action: 'VERIFY_DEVICE' })
  return { api, deviceId, check: () => api.checkDeviceApproval({ email, deviceId }) }
}

/** Another device of the visitor, logged in, asks for the wallet (the code both devices show). */
async function newDeviceAsksForWallet(server: MemoryAuthServer, email = EMAIL) {
  const waiting = await newDeviceWaitsToLogIn(server, email)
  server.approveDevice(email)
  expect(await waiting.check()).toMatchObject({ approved: true })
  const { request } = await waiting.api.createDeviceRequest({
    publicKey: createSealingKeyPair().publicKey,
  })
  return { request, code: deviceRequestCodeOf(request) }
}

describe('createFrameHost: what GET_USER answers', () => {
  it('signs in to the requesting app with the message the visitor approved', async () => {
    const frame = setup()
    await frame.loginByEmail(EMAIL)
    const { address } = (await frame.call('GET_USER', {})) as { address: Hex }
    const siweMessageData = {
      domain: 'app.localhost:3000',
      uri: 'http://app.localhost:3000/login',
      version: '1' as const,
      nonce: 'n0nce12345',
      issuedAt: '2026-11-29T12:00:00.000Z',
    }
    const user = await frame.call('GET_USER', { siweMessageData })
    const message = createSignInMessage({
      ...siweMessageData,
      address,
      chainId: CHAIN_ID,
      requestOrigin: APP_ORIGIN,
    })
    expect(frame.prompts.approvals).toEqual([
      { kind: 'signIn', origin: APP_ORIGIN, chainId: CHAIN_ID, address, message },
    ])
    expect(user.message).toBe(message)
    expect(await recoverMessageAddress({ message, signature: user.signature as Hex })).toBe(address)
  })

  it('shows the smart account where the network has a bundler, preferred unless the app asks for the EOA', async () => {
    const network: SmartAccountNetwork = {
      bundlerUrl: 'http://127.0.0.1:9/bundler',
      entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      factory: '0x1111111111111111111111111111111111111111',
      implementation: '0x2222222222222222222222222222222222222222',
      delegationManager: '0x3333333333333333333333333333333333333333',
      enforcers: {
        timestamp: '0x4444444444444444444444444444444444444444',
        allowedTargets: '0x5555555555555555555555555555555555555555',
        allowedMethods: '0x6666666666666666666666666666666666666666',
        erc20TransferAmount: '0x7777777777777777777777777777777777777777',
        valueLte: '0x8888888888888888888888888888888888888888',
      },
    }
    // The network's node: the account has no code yet (counterfactual).
    vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
      const request = JSON.parse(init.body) as { id: number; method: string }
      const result = request.method === 'eth_getCode' ? '0x' : null
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }), {
        headers: { 'content-type': 'application/json' },
      })
    })
    const frame = setup({ smartAccounts: { [CHAIN_ID]: network } })
    await frame.loginByEmail(EMAIL)
    const user = await frame.call('GET_USER', {})
    const eoa = user.address as Hex
    const smart = deleGatorDeployment(network, eoa).address
    const accounts = [
      { address: eoa, type: 'eoa' },
      { address: smart, type: 'smartAccount' },
    ]
    expect(user).toMatchObject({
      accounts,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      smartAccount: { address: smart, deployed: false },
    })
    expect(await frame.call('GET_USER', { preferredAccountType: 'eoa' })).toMatchObject({
      accounts,
      preferredAccountType: 'eoa',
    })
    expect(await frame.call('GET_USER', { preferredAccountType: 'smartAccount' })).toMatchObject({
      preferredAccountType: 'smartAccount',
    })
    expect(await frame.call('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({
      type: 'smartAccount',
      address: smart,
    })
    expect(await frame.call('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({
      type: 'eoa',
      address: eoa,
    })
  })

  it("follows the system's mode where the frame has no document (a worker, a server render)", async () => {
    vi.stubGlobal('document', undefined)
    const frame = setup()
    expect(await frame.call('SYNC_THEME', { themeMode: 'system' })).toEqual({})
    expect(await frame.call('SYNC_THEME', { themeMode: 'light' })).toEqual({})
  })

  it('answers a Farcaster login still unapproved after a minute with `pending`, and completes it when asked again', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    const frame = setup({ farcasterPollIntervalMs: 10_000 })
    const { url } = await frame.call('GET_FARCASTER_URI', {})
    const first = frame.call('CONNECT_FARCASTER', {})
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await first).toEqual({ pending: true })
    const second = frame.call('CONNECT_FARCASTER', {})
    const channelToken = new URL(url as string).searchParams.get('channelToken')!
    frame.server.approveFarcaster(channelToken, { fid: 7, username: 'ada' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await second).toEqual({ userName: 'ada' })
  })
})

describe('createFrameHost: recovery set-up', () => {
  it('recovers a locked device before setting up recovery, and sets nothing up while the visitor declines', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server })
    await first.loginByEmail(EMAIL)
    await addRecoveryPassword(first)

    const second = await lockedDevice(server)
    second.visitor.unlockWith = 'later'
    expect(await second.frame.failure('SETUP_RECOVERY', {})).toEqual({
      message: 'Recover your wallet on this device first',
      code: 4100,
    })
    expect(second.setups).toEqual([])

    second.visitor.unlockWith = 'password'
    expect(await second.frame.call('SETUP_RECOVERY', {})).toEqual({ methods: ['password'] })
    expect(second.setups).toMatchObject([
      { operatorRecovery: false, hasPassword: true, hasPasskey: false },
    ])
    expect(await second.frame.call('GET_USER', {})).toMatchObject({
      recovery: { methods: ['password'], locked: false },
    })
  })

  it('opens the recovery view from the wallet it knows, without a request to the server first', async () => {
    const server = createMemoryAuthServer()
    const { api, count } = counted(server.connect())
    let readsBeforeView = -1
    const visitor = createScriptedPrompts()
    const recorded = recordingPrompts(visitor, () => ({
      setupRecovery: async () => {
        readsBeforeView = count('getAuthShares')
      },
    }))
    const frame = setup({ server, authApi: api, createPrompts: recorded.createPrompts })
    await frame.loginByEmail(EMAIL)
    const readsBefore = count('getAuthShares')
    expect(await frame.call('SETUP_RECOVERY', {})).toEqual({ methods: [] })
    expect(readsBeforeView).toBe(readsBefore)
  })

  it('refuses a recovery password that is too short, storing nothing', async () => {
    const visitor = createScriptedPrompts()
    const errors: unknown[] = []
    const recorded = recordingPrompts(visitor, () => ({
      setupRecovery: async (options) => {
        errors.push(
          await options.addPassword('too short').then(
            () => 'added',
            (error: { shortMessage?: string }) => error.shortMessage,
          ),
        )
      },
    }))
    const frame = setup({ prompts: visitor, createPrompts: recorded.createPrompts })
    await frame.loginByEmail(EMAIL)
    expect(await frame.call('SETUP_RECOVERY', {})).toEqual({ methods: [] })
    expect(errors).toEqual(['Use at least 10 characters for your recovery password'])
  })

  it('tells the visitor the operator can recover the wallet too, and reports none of it once the server holds no wallet', async () => {
    const operator = createSealingKeyPair()
    const server = createMemoryAuthServer({ operatorRecoverySecretKey: operator.secretKey })
    const visitor = createScriptedPrompts()
    const passkeyErrors: unknown[] = []
    const recorded = recordingPrompts(visitor)
    const authenticator = createFakeAuthenticator()
    const frame = setup({
      server,
      prompts: visitor,
      operatorRecoveryPublicKey: operator.publicKey,
      passkeys: authenticator.environment('frame.localhost'),
      createPrompts: (shown) => {
        const prompts = recorded.createPrompts(shown)
        return {
          ...prompts,
          setupRecovery: async (options) => {
            await prompts.setupRecovery(options)
            if (recorded.setups.length === 3)
              passkeyErrors.push(
                await options.addPasskey!().catch(
                  (error: { shortMessage?: string }) => error.shortMessage,
                ),
              )
          },
        }
      },
    })
    await frame.loginByEmail(EMAIL)
    const { userId } = (await frame.call('GET_USER', {})) as { userId: string }
    expect(await frame.call('GET_USER', {})).toMatchObject({
      recovery: { methods: [], operatorRecovery: true, locked: false },
    })
    await frame.call('SETUP_RECOVERY', {})
    expect(recorded.setups[0]).toMatchObject({ operatorRecovery: true, hasPassword: false })

    // The server answers that it holds no wallet for the visitor (its row removed).
    server.database.delete(userId)
    expect(await frame.call('SETUP_RECOVERY', {})).toEqual({ methods: [] })
    expect(await frame.call('GET_USER', {})).toMatchObject({
      recovery: { methods: [], operatorRecovery: false, locked: false },
    })
    expect(await frame.call('SETUP_RECOVERY', {})).toEqual({ methods: [] })
    expect(recorded.setups[2]).toMatchObject({
      operatorRecovery: false,
      hasPassword: false,
      hasPasskey: false,
    })
    // No passkey can protect a wallet the server does not hold: the server's words.
    expect(passkeyErrors).toEqual(['Device not verified'])
  })

  it("names a new passkey after the visitor's email, and never registers one the authenticator already holds", async () => {
    const authenticator = createFakeAuthenticator()
    const excluded: string[][] = []
    const environment = authenticator.environment('frame.localhost')
    const passkeys = {
      ...environment,
      credentials: {
        ...environment.credentials,
        create: (options?: CredentialCreationOptions) => {
          excluded.push(
            (options?.publicKey?.excludeCredentials ?? []).map((credential) =>
              Buffer.from(credential.id as Uint8Array).toString('base64url'),
            ),
          )
          return environment.credentials.create(options)
        },
      },
    }
    const visitor = createScriptedPrompts()
    const outcomes: unknown[] = []
    const recorded = recordingPrompts(visitor, () => ({
      // The visitor taps "add a passkey" twice in the same view, on the same authenticator.
      setupRecovery: async (options) => {
        for (const _ of [1, 2])
          outcomes.push(
            await options.addPasskey!().then(
              () => 'added',
              () => 'refused',
            ),
          )
      },
    }))
    const frame = setup({ prompts: visitor, createPrompts: recorded.createPrompts, passkeys })
    await frame.loginByEmail(EMAIL)
    await addRecoveryPassword(frame)
    expect(await frame.call('SETUP_RECOVERY', {})).toEqual({ methods: ['password', 'passkey'] })
    expect(outcomes).toEqual(['added', 'refused'])
    const [passkey] = authenticator.passkeys
    expect(authenticator.passkeys).toHaveLength(1)
    expect(passkey!.userName).toBe(EMAIL)
    expect(excluded).toEqual([[], [passkey!.id]])

    // Another visitor's wallet with a passkey and no password: the view says so.
    const other = createScriptedPrompts()
    other.usePasskey = true
    const otherRecorded = recordingPrompts(other)
    const withPasskey = setup({ createPrompts: otherRecorded.createPrompts, passkeys })
    await withPasskey.loginByEmail('cy@example.com')
    expect(await withPasskey.call('SETUP_RECOVERY', {})).toEqual({ methods: ['passkey'] })
    other.usePasskey = false
    await withPasskey.call('SETUP_RECOVERY', {})
    expect(otherRecorded.setups[1]).toMatchObject({ hasPassword: false, hasPasskey: true })
  })

  it('excludes only the credentials of passkey methods when adding a passkey', async () => {
    const authenticator = createFakeAuthenticator()
    const environment = authenticator.environment('frame.localhost')
    const excluded: string[][] = []
    const passkeys = {
      ...environment,
      credentials: {
        ...environment.credentials,
        create: (options?: CredentialCreationOptions) => {
          excluded.push(
            (options?.publicKey?.excludeCredentials ?? []).map((credential) =>
              Buffer.from(credential.id as Uint8Array).toString('base64url'),
            ),
          )
          return environment.credentials.create(options)
        },
      },
    }
    const visitor = createScriptedPrompts()
    visitor.usePasskey = true
    const recorded = recordingPrompts(visitor)
    const frame = setup({ prompts: visitor, createPrompts: recorded.createPrompts, passkeys })
    await frame.loginByEmail(EMAIL)
    const { userId } = (await frame.call('GET_USER', {})) as { userId: string }
    const recoveryKey = (await frame.deviceShareStore.getRecoveryKey(userId))!
    // The server's records take a credential id with any method, and none with a passkey method.
    await frame.authApi.addRecoveryMethod({
      kind: 'passkey',
      wrappedKey: await wrapWithPrf({
        recoveryKey,
        prfOutput: crypto.getRandomValues(new Uint8Array(32)),
      }),
    })
    await frame.authApi.addRecoveryMethod({
      kind: 'password',
      wrappedKey: await wrapWithPassword({
        recoveryKey,
        password: PASSWORD,
        kdfParameters: CHEAP_KDF,
      }),
      credentialId: 'bm90LWEtcGFzc2tleQ',
    })
    await frame.call('RELOAD', {})
    expect(await frame.call('SETUP_RECOVERY', {})).toEqual({ methods: ['passkey', 'password'] })
    expect(excluded).toEqual([[]])
    expect(authenticator.passkeys).toHaveLength(1)
  })

  it("names the passkey 'Wallet' for an account known by neither email nor name", async () => {
    const server = createMemoryAuthServer()
    const authApi = server.connect()
    const authenticator = createFakeAuthenticator()
    const passkeys = authenticator.environment('frame.localhost')
    const social = setup({ server, authApi, passkeys })
    const { uri } = await social.call('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    const state = new URL(uri as string).searchParams.get('state')!
    await social.call('CONNECT_SOCIAL', { uri: server.socialResultUri(state, { subject: 'gh-1' }) })
    social.host.destroy()
    // The frame reloads: the session tells the user's id only (no email, no name).
    const visitor = createScriptedPrompts()
    visitor.usePasskey = true
    const recorded = recordingPrompts(visitor)
    const reloaded = setup({
      server,
      authApi,
      passkeys,
      deviceShareStore: social.deviceShareStore,
      createPrompts: recorded.createPrompts,
    })
    expect(await reloaded.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
    expect(await reloaded.call('SETUP_RECOVERY', {})).toEqual({ methods: ['passkey'] })
    expect(authenticator.passkeys.map((passkey) => passkey.userName)).toEqual(['Wallet'])
  })
})

describe('createFrameHost: unlocking and key export', () => {
  it('unlocks a locked device with the visitor, once', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server })
    await first.loginByEmail(EMAIL)
    await addRecoveryPassword(first)
    expect(await first.call('UNLOCK_WALLET', {})).toEqual({})

    const second = await lockedDevice(server)
    expect(await second.frame.call('UNLOCK_WALLET', {})).toEqual({})
    expect(await second.frame.call('UNLOCK_WALLET', {})).toEqual({})
    // Asked at login (declined) and on the first UNLOCK_WALLET only.
    expect(second.visitor.passkeyOffered.unlock).toHaveLength(2)
    expect(await second.frame.call('GET_USER', {})).toMatchObject({ recovery: { locked: false } })
  })

  it('exports the key of a locked device once the visitor recovered the wallet there', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server })
    await first.loginByEmail(EMAIL)
    const { address } = await first.call('GET_USER', {})
    await addRecoveryPassword(first)

    const second = await lockedDevice(server)
    expect(await second.frame.call('EXPORT_KEY', {})).toEqual({})
    expect(
      second.visitor.exported.map((keys) => privateKeyToAddress(keys.eip155PrivateKey)),
    ).toEqual([address])
  })

  it('exports with the recovery password only, offering no passkey the wallet does not have', async () => {
    const visitor = createScriptedPrompts()
    visitor.password = PASSWORD
    const recorded = recordingPrompts(visitor)
    const authenticator = createFakeAuthenticator()
    const frame = setup({
      prompts: visitor,
      createPrompts: recorded.createPrompts,
      passkeys: authenticator.environment('frame.localhost'),
    })
    await frame.loginByEmail(EMAIL)
    const { address } = await frame.call('GET_USER', {})
    await addRecoveryPassword(frame)
    expect(await frame.call('EXPORT_KEY', {})).toEqual({})
    expect(recorded.exports).toEqual([
      {
        verifyPassword: expect.any(Function),
        verifyPasskey: undefined,
        reveal: expect.any(Function),
      },
    ])
    expect(visitor.exported.map((keys) => privateKeyToAddress(keys.eip155PrivateKey))).toEqual([
      address,
    ])
    expect(recorded.setups).toEqual([])

    visitor.password = 'not the password'
    expect(await frame.failure('EXPORT_KEY', {})).toEqual({ message: 'Wrong recovery password' })
    expect(visitor.exported).toHaveLength(1)
  })

  it('has a visitor without a recovery method add a passkey first, and exports only once it is used', async () => {
    const visitor = createScriptedPrompts()
    visitor.usePasskey = true
    const recorded = recordingPrompts(visitor)
    const authenticator = createFakeAuthenticator()
    const frame = setup({
      prompts: visitor,
      createPrompts: recorded.createPrompts,
      passkeys: authenticator.environment('frame.localhost'),
    })
    await frame.loginByEmail(EMAIL)
    const { address } = await frame.call('GET_USER', {})
    expect(await frame.call('EXPORT_KEY', {})).toEqual({})
    expect(recorded.setups).toHaveLength(1)
    expect(authenticator.ceremonies).toEqual(['create', 'get'])
    expect(visitor.exported.map((keys) => privateKeyToAddress(keys.eip155PrivateKey))).toEqual([
      address,
    ])

    // The visitor cancels the passkey: nothing is revealed.
    authenticator.cancelNext()
    expect(await frame.failure('EXPORT_KEY', {})).toEqual({
      message: 'The passkey was not used (cancelled or timed out)',
    })
    expect(visitor.exported).toHaveLength(1)
  })
  it('exports no key where the wallet has only a passkey and this browser cannot use passkeys', async () => {
    const server = createMemoryAuthServer()
    const authApi = server.connect()
    const authenticator = createFakeAuthenticator()
    const owner = createScriptedPrompts()
    owner.usePasskey = true
    const withPasskeys = setup({
      server,
      authApi,
      prompts: owner,
      createPrompts: recordingPrompts(owner).createPrompts,
      passkeys: authenticator.environment('frame.localhost'),
    })
    await withPasskeys.loginByEmail(EMAIL)
    expect(await withPasskeys.call('SETUP_RECOVERY', {})).toEqual({ methods: ['passkey'] })
    withPasskeys.host.destroy()

    // The same device in a browser without passkeys: the visitor sets nothing else up.
    const visitor = createScriptedPrompts()
    const recorded = recordingPrompts(visitor)
    const frame = setup({
      server,
      authApi,
      prompts: visitor,
      createPrompts: recorded.createPrompts,
      deviceShareStore: withPasskeys.deviceShareStore,
      passkeys: authenticator.environment('frame.localhost', async () => false),
    })
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
    expect(await frame.failure('EXPORT_KEY', {})).toEqual({
      message: 'Set up a recovery method to export your key',
      code: 4001,
    })
    expect(recorded.setups).toHaveLength(1)
    expect(recorded.exports).toEqual([])
  })
})

describe('createFrameHost: new devices asking for the wallet', () => {
  it('asks once about a device the visitor declined, and seals it nothing', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    const server = createMemoryAuthServer()
    const { api, count } = counted(server.connect())
    const frame = setup({ server, authApi: api, deviceRequestPollMs: 1_000 })
    frame.prompts.approveDevices = false
    await frame.loginByEmail(EMAIL)
    const { request, code } = await newDeviceAsksForWallet(server)
    await vi.advanceTimersByTimeAsync(1_000)
    // The device question answered, the same poll goes on to the logins waiting for approval.
    await settle(() => count('listLoginApprovals') > 0)
    expect(frame.prompts.askedCodes).toEqual([code])
    expect(server.deviceRequests.get(request.requestId)?.sealedKey).toBeUndefined()
    await vi.advanceTimersByTimeAsync(3_000)
    await settle(() => count('listLoginApprovals') > 3)
    expect(frame.prompts.askedCodes).toEqual([code])
    expect(server.deviceRequests.get(request.requestId)?.sealedKey).toBeUndefined()
  })

  it('stops asking once this device lost its wallet', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    const server = createMemoryAuthServer()
    const frame = setup({ server, deviceRequestPollMs: 1_000 })
    await frame.loginByEmail(EMAIL)
    await newDeviceAsksForWallet(server)
    // The browser cleared the frame's storage; the frame read its session again.
    const { userId } = (await frame.call('GET_USER', {})) as { userId: string }
    await frame.deviceShareStore.deleteShare(userId)
    await frame.call('RELOAD', {})
    expect(await frame.call('GET_USER', {})).toMatchObject({ recovery: { locked: true } })
    await vi.advanceTimersByTimeAsync(3_000)
    await settle()
    expect(frame.prompts.askedCodes).toEqual([])
  })

  it('stops asking once destroyed while the visitor looked at a request', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    const server = createMemoryAuthServer()
    const visitor = createScriptedPrompts()
    visitor.approveDevices = false
    const { api, count } = counted(server.connect())
    const frame: Frame = setup({
      server,
      authApi: api,
      prompts: visitor,
      deviceRequestPollMs: 1_000,
      createPrompts: (shown) => {
        const prompts = visitor.createPrompts(shown)
        return {
          ...prompts,
          // The page goes away while the question is up.
          approveDevice: async (options) => {
            frame.host.destroy()
            return prompts.approveDevice(options)
          },
        }
      },
    })
    await frame.loginByEmail(EMAIL)
    await newDeviceAsksForWallet(server)
    await vi.advanceTimersByTimeAsync(1_000)
    await settle(() => visitor.askedCodes.length > 0)
    const listed = count('listDeviceRequests')
    await newDeviceAsksForWallet(server)
    await vi.advanceTimersByTimeAsync(5_000)
    await settle()
    expect(visitor.askedCodes).toHaveLength(1)
    expect(count('listDeviceRequests')).toBe(listed)
  })

  it("asks the server about waiting email logins only for an email account's device", async () => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    const server = createMemoryAuthServer()
    const { api, count } = counted(server.connect())
    const frame = setup({ server, authApi: api, deviceRequestPollMs: 1_000 })
    const { uri } = await frame.call('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    const state = new URL(uri as string).searchParams.get('state')!
    await frame.call('CONNECT_SOCIAL', {
      uri: server.socialResultUri(state, { subject: 'gh-7', name: 'Ada' }),
    })
    await vi.advanceTimersByTimeAsync(3_000)
    await settle()
    expect(count('listDeviceRequests')).toBeGreaterThanOrEqual(2)
    expect(count('listLoginApprovals')).toBe(0)
  })
})

type Question = {
  approval: LoginApproval
  signal: AbortSignal
  answer: (approve?: boolean) => void
  /** When the question came up (the frame checks the login from then on, every poll interval). */
  askedAt: number
}

/** A signed-in device whose visitor keeps each waiting-login question open until told. */
async function deviceAskedAboutLogins(server: MemoryAuthServer) {
  const questions: Question[] = []
  const visitor = createScriptedPrompts()
  const { api, count } = counted(server.connect())
  const frame = setup({
    server,
    authApi: api,
    prompts: visitor,
    deviceRequestPollMs: 1_000,
    createPrompts: (shown) => ({
      ...visitor.createPrompts(shown),
      approveLogin: (approval, { signal }) =>
        new Promise((resolve) => {
          questions.push({ approval, signal, answer: resolve, askedAt: Date.now() })
          // Answered elsewhere or expired: the question goes away.
          signal.addEventListener('abort', () => resolve(undefined))
        }),
    }),
  })
  await frame.loginByEmail(EMAIL)
  return { frame, questions, count }
}

describe('createFrameHost: logins waiting for approval', () => {
  it('keeps the question open while the login waits, even offline, and closes it once answered on the emailed page', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    const server = createMemoryAuthServer()
    const { frame, questions, count } = await deviceAskedAboutLogins(server)
    const waiting = await newDeviceWaitsToLogIn(server)
    await vi.advanceTimersByTimeAsync(1_000)
    await settle(() => questions.length > 0)
    expect(questions).toHaveLength(1)

    const checks = count('listLoginApprovals')
    await vi.advanceTimersByTimeAsync(3_000)
    await settle()
    expect(count('listLoginApprovals')).toBeGreaterThanOrEqual(checks + 3)
    expect(questions[0]!.signal.aborted).toBe(false)
    server.setReachable(false)
    await vi.advanceTimersByTimeAsync(2_000)
    await settle()
    server.setReachable(true)
    expect(questions[0]!.signal.aborted).toBe(false)

    server.approveDevice(EMAIL)
    await vi.advanceTimersByTimeAsync(1_000)
    await settle(() => questions[0]!.signal.aborted)
    expect(questions[0]!.signal.aborted).toBe(true)
    expect(await waiting.check()).toMatchObject({ approved: true })

    // Signed out: nothing is asked of the server any more.
    await frame.call('SIGN_OUT', {})
    const afterSignOut = count('listLoginApprovals')
    await vi.advanceTimersByTimeAsync(5_000)
    await settle()
    expect(count('listLoginApprovals')).toBe(afterSignOut)
  })

  it('closes the question about a login answered elsewhere, then asks about the next one waiting', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    const server = createMemoryAuthServer()
    const { frame, questions } = await deviceAskedAboutLogins(server)
    await newDeviceWaitsToLogIn(server)
    await newDeviceWaitsToLogIn(server)
    await vi.advanceTimersByTimeAsync(1_000)
    await settle(() => questions.length > 0)
    await vi.advanceTimersByTimeAsync(2_000)
    await settle()
    expect(questions).toHaveLength(1)
    expect(questions[0]!.signal.aborted).toBe(false)

    // Answered in another tab of the visitor's: the other login still waits.
    await frame.authApi.answerLoginApproval({
      approvalId: questions[0]!.approval.approvalId,
      approve: true,
    })
    await vi.advanceTimersByTimeAsync(1_000)
    await settle(() => questions.length > 1)
    expect(questions[0]!.signal.aborted).toBe(true)
    expect(questions).toHaveLength(2)
    expect(questions[1]!.approval.approvalId).not.toBe(questions[0]!.approval.approvalId)
  })

  it('closes the question when the login expires', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    const server = createMemoryAuthServer()
    const { questions } = await deviceAskedAboutLogins(server)
    await newDeviceWaitsToLogIn(server)
    await vi.advanceTimersByTimeAsync(1_000)
    await settle(() => questions.length > 0)
    const expiresAt = Date.parse(questions[0]!.approval.expiresAt)
    const untilCheck = 1_000 - ((Date.now() - questions[0]!.askedAt) % 1_000)
    // The clock jumps ahead so that a check comes one interval before the expiry: still open.
    vi.setSystemTime(expiresAt - 1_000 - untilCheck)
    await vi.advanceTimersByTimeAsync(untilCheck)
    await settle()
    expect(Date.now()).toBe(expiresAt - 1_000)
    expect(questions[0]!.signal.aborted).toBe(false)
    // The next check comes exactly at the expiry.
    await vi.advanceTimersByTimeAsync(1_000)
    await settle(() => questions[0]!.signal.aborted)
    expect(Date.now()).toBe(expiresAt)
    expect(questions[0]!.signal.aborted).toBe(true)
  })

  it('asks once about a login the visitor dismissed, leaving it to the emailed page', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] })
    const server = createMemoryAuthServer()
    const { frame, questions } = await deviceAskedAboutLogins(server)
    const waiting = await newDeviceWaitsToLogIn(server)
    await vi.advanceTimersByTimeAsync(1_000)
    await settle(() => questions.length > 0)
    questions[0]!.answer(undefined)
    await settle()
    await vi.advanceTimersByTimeAsync(3_000)
    await settle()
    expect(questions).toHaveLength(1)
    // Not answered: the login still waits, and its device is not blocked.
    expect(await waiting.check()).toEqual({ approved: false })
    expect((await frame.authApi.listLoginApprovals()).approvals).toHaveLength(1)
  })
})
