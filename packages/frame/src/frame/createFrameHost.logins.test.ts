/**
 * The frame's logins, message by message (no chain): social and Farcaster results that must
 * belong to the login this frame started, device approval, passkeys and key export. The same
 * flows against anvil, through createFrameClient (and the recovery password, whose KDF is too
 * slow for mutation testing): createFrameHost.test.ts.
 */
import { recoverMessageAddress, toHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { AuthApiError } from '../errors.ts'
import { FRAME_HIDE_TYPE, FRAME_SHOW_TYPE } from '../protocol/messages.ts'
import { createFakeAuthenticator } from '../test-utils/createFakeAuthenticator.ts'
import {
  harnessAppOrigin as APP_ORIGIN,
  createFrameHostHarness as setup,
} from '../test-utils/createFrameHostHarness.ts'
import { createMemoryAuthServer } from '../test-utils/createMemoryAuthServer.ts'
import { createScriptedPrompts } from '../test-utils/createScriptedPrompts.ts'
import type { AuthApi } from './authApi.ts'

const stateOf = (uri: string) => new URL(uri).searchParams.get('state')!

describe('createFrameHost: social login', () => {
  it('completes only the login this frame started, once', async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    const started: unknown[] = []
    const authApi: AuthApi = {
      ...api,
      startSocialLogin: (body) => {
        started.push(body)
        return api.startSocialLogin(body)
      },
    }
    const visitor = setup({ server, authApi })
    const attacker = setup({ server })
    const { uri: attackerUri } = await attacker.call('GET_SOCIAL_REDIRECT_URI', {
      provider: 'github',
    })
    const forged = server.socialResultUri(stateOf(attackerUri as string), { subject: 'attacker' })
    await visitor.call('SYNC_THEME', { themeMode: 'light' })
    const { uri } = await visitor.call('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })
    expect(started).toMatchObject([
      { provider: 'google', appOrigin: APP_ORIGIN, app: { themeMode: 'light' } },
    ])
    expect(await visitor.failure('CONNECT_SOCIAL', { uri: forged })).toEqual({
      message: 'Failed to connect',
    })
    expect(await visitor.failure('CONNECT_SOCIAL', { uri: 'not a url' })).toEqual({
      message: 'Failed to connect',
    })
    const result = server.socialResultUri(stateOf(uri as string), {
      subject: 'google-1',
      name: 'Ada Lovelace',
    })
    expect(await visitor.call('CONNECT_SOCIAL', { uri: result })).toEqual({
      userName: 'Ada Lovelace',
    })
    expect(await visitor.call('GET_USER', {})).toMatchObject({
      socialProvider: 'google',
      userName: 'Ada Lovelace',
    })
    // Used again: no login is waiting for it any more.
    expect(await visitor.failure('CONNECT_SOCIAL', { uri: result })).toEqual({
      message: 'Failed to connect',
    })
  })

  it("shows the provider's text for a refused consent, 'Failed to connect' for other failures", async () => {
    const frame = setup()
    const { uri } = await frame.call('GET_SOCIAL_REDIRECT_URI', { provider: 'x' })
    const denied = frame.server.socialResultUri(stateOf(uri as string), {
      error: 'access_denied',
      description: 'The user denied the request',
    })
    expect(await frame.failure('CONNECT_SOCIAL', { uri: denied })).toEqual({
      message: 'The user denied the request',
    })
    const again = await frame.call('GET_SOCIAL_REDIRECT_URI', { provider: 'x' })
    const failed = frame.server.socialResultUri(stateOf(again.uri as string), {
      error: 'server_error',
      description: 'Internal details',
    })
    expect(await frame.failure('CONNECT_SOCIAL', { uri: failed })).toEqual({
      message: 'Failed to connect',
    })
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
  })

  it('answers a login it could not start with the SPEC text', async () => {
    const server = createMemoryAuthServer()
    const authApi: AuthApi = {
      ...server.connect(),
      startSocialLogin: async () => {
        throw new AuthApiError('Provider not configured', { status: 400 })
      },
    }
    const frame = setup({ server, authApi })
    expect(await frame.failure('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).toEqual({
      message: 'Failed to initiate social connection',
    })
  })
})

describe('createFrameHost: Farcaster login', () => {
  const channelOf = (url: unknown) => new URL(url as string).searchParams.get('channelToken')!

  it('logs in once the Farcaster client approves, one request for a view mounted twice', async () => {
    const frame = setup()
    const [a, b] = await Promise.all([
      frame.call('GET_FARCASTER_URI', {}),
      frame.call('GET_FARCASTER_URI', {}),
    ])
    expect(b).toEqual(a)
    expect(Date.parse(a.expiresAt as string)).toBeGreaterThan(Date.now())
    const waits = [frame.call('CONNECT_FARCASTER', {}), frame.call('CONNECT_FARCASTER', {})]
    await new Promise((resolve) => setTimeout(resolve, 20))
    frame.server.approveFarcaster(channelOf(a.url), { fid: 7, username: 'ada' })
    expect(await Promise.all(waits)).toEqual([{ userName: 'ada' }, { userName: 'ada' }])
    expect(await frame.call('GET_USER', {})).toMatchObject({
      socialProvider: 'farcaster',
      userName: 'ada',
    })
    const next = await frame.call('GET_FARCASTER_URI', {})
    expect(next.url).not.toBe(a.url)
  })

  it('replaces a request about to expire, and gives up on an expired one', async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    let lifetimeMs = 20_000
    const authApi: AuthApi = {
      ...api,
      startFarcasterLogin: async (body) => ({
        ...(await api.startFarcasterLogin(body)),
        expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
      }),
    }
    const frame = setup({ server, authApi })
    const first = await frame.call('GET_FARCASTER_URI', {})
    lifetimeMs = 31_000
    const second = await frame.call('GET_FARCASTER_URI', {})
    expect(second.url).not.toBe(first.url)
    // 31 s left: still shown (the margin is 30 s).
    expect((await frame.call('GET_FARCASTER_URI', {})).url).toBe(second.url)

    lifetimeMs = -1
    const expired = setup({ server, authApi })
    await expired.call('GET_FARCASTER_URI', {})
    expect(await expired.failure('CONNECT_FARCASTER', {})).toEqual({
      message: 'Failed to connect to farcaster',
    })
    // The expired request is dropped: nothing left to wait for.
    expect(await expired.failure('CONNECT_FARCASTER', {})).toEqual({
      message: 'Failed to connect to farcaster',
    })
  })

  it('answers with the SPEC text when the request could not start, and starts anew after', async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    let reachable = false
    const authApi: AuthApi = {
      ...api,
      startFarcasterLogin: async (body) => {
        if (!reachable) throw new AuthApiError('Farcaster is not configured', { status: 400 })
        return api.startFarcasterLogin(body)
      },
    }
    const frame = setup({ server, authApi })
    expect(await frame.failure('GET_FARCASTER_URI', {})).toEqual({
      message: 'Failed to connect to farcaster',
    })
    expect(await frame.failure('CONNECT_FARCASTER', {})).toEqual({
      message: 'Failed to connect to farcaster',
    })
    reachable = true
    const { url } = await frame.call('GET_FARCASTER_URI', {})
    expect(url).toMatch(/channelToken=/)
  })

  it('stops waiting when the server refuses the channel', async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    const authApi: AuthApi = {
      ...api,
      checkFarcasterLogin: async () => {
        throw new AuthApiError('Login expired', { status: 410, details: 'login_expired' })
      },
    }
    const frame = setup({ server, authApi })
    await frame.call('GET_FARCASTER_URI', {})
    expect(await frame.failure('CONNECT_FARCASTER', {})).toEqual({
      message: 'Failed to connect to farcaster',
    })
  })
})

describe('createFrameHost: a new device', () => {
  it('waits for the approval of a new device once, however often the app asks', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server })
    await first.loginByEmail('grace@example.com')
    const api = server.connect()
    let handedOut = false
    let checks = 0
    const authApi: AuthApi = {
      ...api,
      async checkDeviceApproval(parameters) {
        checks++
        const answer = await api.checkDeviceApproval(parameters)
        const once = answer.approved && !handedOut
        if (answer.approved) handedOut = true
        return once ? answer : { approved: false }
      },
    }
    const second = setup({ server, authApi })
    await second.call('CONNECT_EMAIL', { email: 'grace@example.com' })
    expect(await second.call('CONNECT_OTP', { otp: second.lastOtp('grace@example.com') })).toEqual({
      action: 'VERIFY_DEVICE',
    })
    const waits = [second.call('CONNECT_DEVICE', {}), second.call('CONNECT_DEVICE', {})]
    await new Promise((resolve) => setTimeout(resolve, 30))
    server.approveDevice('grace@example.com')
    expect(await Promise.all(waits)).toEqual([{}, {}])
    expect(await second.call('GET_USER', {})).toMatchObject({ email: 'grace@example.com' })
    const before = checks
    expect(await second.call('CONNECT_DEVICE', {})).toEqual({})
    expect(checks).toBe(before)
  })

  it('stops waiting with the server\'s words when the owner answers "This wasn\'t me"', async () => {
    const server = createMemoryAuthServer()
    await setup({ server }).loginByEmail('ivy@example.com')
    const second = setup({ server })
    await second.call('CONNECT_EMAIL', { email: 'ivy@example.com' })
    await second.call('CONNECT_OTP', { otp: second.lastOtp('ivy@example.com') })
    const waiting = second.failure('CONNECT_DEVICE', {})
    await new Promise((resolve) => setTimeout(resolve, 20))
    server.denyDevice('ivy@example.com')
    expect(await waiting).toEqual({
      message: 'This login was refused from the email: this device is blocked',
    })
  })

  it("gives up on an approval that never comes with 'Failed to connect'", async () => {
    const server = createMemoryAuthServer()
    await setup({ server }).loginByEmail('kim@example.com')
    const second = setup({ server, deviceApprovalTimeoutMs: 50 })
    await second.call('CONNECT_EMAIL', { email: 'kim@example.com' })
    await second.call('CONNECT_OTP', { otp: second.lastOtp('kim@example.com') })
    expect(await second.failure('CONNECT_DEVICE', {})).toEqual({ message: 'Failed to connect' })
    expect(await second.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
  })

  it('is approved from a signed-in device that shows the same code, and then signs', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server, deviceRequestPollMs: 10 })
    await first.loginByEmail('dev@example.com')
    const { address } = await first.call('GET_USER', {})
    const visitor = createScriptedPrompts()
    visitor.unlockWith = 'device'
    const second = setup({ server, prompts: visitor })
    await second.loginByEmail('dev@example.com')
    expect(await second.call('GET_USER', {})).toMatchObject({
      address,
      recovery: { locked: false },
    })
    expect(visitor.shownCodes).toHaveLength(1)
    expect(first.prompts.askedCodes).toEqual(visitor.shownCodes)
    const { result } = await second.call('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('new device'), address],
    })
    expect(
      await recoverMessageAddress({ message: 'new device', signature: result as `0x${string}` }),
    ).toBe(address)
    first.host.destroy()
    second.host.destroy()
  }, 30_000)

  it('asks a signed-in device about a device waiting to log in, and follows its answer', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server, deviceRequestPollMs: 10 })
    first.prompts.approveLogins = true
    await first.loginByEmail('ivy@example.com')
    const second = setup({ server })
    await second.call('CONNECT_EMAIL', { email: 'ivy@example.com' })
    await second.call('CONNECT_OTP', { otp: second.lastOtp('ivy@example.com') })
    expect(await second.call('CONNECT_DEVICE', {})).toEqual({})
    expect(first.prompts.askedLogins).toHaveLength(1)

    first.prompts.approveLogins = false
    const third = setup({ server })
    await third.call('CONNECT_EMAIL', { email: 'ivy@example.com' })
    await third.call('CONNECT_OTP', { otp: third.lastOtp('ivy@example.com') })
    expect(await third.failure('CONNECT_DEVICE', {})).toEqual({
      message: 'This login was refused from the email: this device is blocked',
    })
    expect(first.prompts.askedLogins).toHaveLength(2)
    // Signed out: it stops asking.
    await first.call('SIGN_OUT', {})
    const fourth = setup({ server, deviceApprovalTimeoutMs: 100 })
    await fourth.call('CONNECT_EMAIL', { email: 'ivy@example.com' })
    await fourth.call('CONNECT_OTP', { otp: fourth.lastOtp('ivy@example.com') })
    await fourth.failure('CONNECT_DEVICE', {})
    expect(first.prompts.askedLogins).toHaveLength(2)
    first.host.destroy()
  }, 30_000)
})

describe('createFrameHost: passkeys', () => {
  it('logs in with a passkey, shown above the app while the passkey sheet is up', async () => {
    const server = createMemoryAuthServer()
    const owner = createScriptedPrompts()
    owner.usePasskey = true
    const phone = createFakeAuthenticator()
    const first = setup({ server, prompts: owner, passkeys: phone.environment('frame.localhost') })
    await first.loginByEmail('pia@example.com')
    const { address } = await first.call('GET_USER', {})
    expect(await first.call('SETUP_RECOVERY', {})).toEqual({ methods: ['passkey'] })
    // Export asks the passkey again (the recovery password's KDF is too slow for this file).
    expect(await first.call('EXPORT_KEY', {})).toEqual({})
    expect(privateKeyToAddress(owner.exported[0]!.eip155PrivateKey)).toBe(address)

    const laptop = createFakeAuthenticator()
    laptop.passkeys.push(...phone.passkeys)
    const second = setup({ server, passkeys: laptop.environment('frame.localhost') })
    const before = second.posted.length
    expect(await second.call('CONNECT_PASSKEY', {})).toEqual({})
    expect(second.posted.slice(before, before + 2)).toEqual([
      { message: { type: FRAME_SHOW_TYPE }, targetOrigin: APP_ORIGIN },
      { message: { type: FRAME_HIDE_TYPE }, targetOrigin: APP_ORIGIN },
    ])
    expect(await second.call('GET_USER', {})).toMatchObject({
      address,
      email: 'pia@example.com',
      recovery: { locked: false },
    })

    const cancelled = setup({ server, passkeys: laptop.environment('frame.localhost') })
    laptop.cancelNext()
    expect(await cancelled.failure('CONNECT_PASSKEY', {})).toEqual({
      message: 'The passkey was not used',
      code: 4001,
    })
    const unsupported = setup({
      server,
      passkeys: laptop.environment('frame.localhost', async () => false),
    })
    expect(await unsupported.failure('CONNECT_PASSKEY', {})).toEqual({
      message: 'Failed to connect',
    })
  }, 60_000)
})

describe('createFrameHost: email change', () => {
  it('changes the email with a code to the current and then to the new address', async () => {
    const frame = setup()
    await frame.loginByEmail('old@example.com')
    await frame.call('UPDATE_EMAIL', { email: 'new@example.com' })
    const primary = frame.server.mailbox.findLast((m) => m.to === 'old@example.com')!.otp!
    await frame.call('UPDATE_EMAIL_PRIMARY_OTP', { otp: primary })
    const secondary = frame.server.mailbox.findLast((m) => m.to === 'new@example.com')!.otp!
    expect(await frame.call('UPDATE_EMAIL_SECONDARY_OTP', { otp: secondary })).toEqual({
      email: 'new@example.com',
    })
    expect(await frame.call('GET_USER', {})).toMatchObject({ email: 'new@example.com' })
  })
})
