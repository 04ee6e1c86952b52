/**
 * The frame side of the app↔frame protocol, driven message by message: which windows and origins
 * it answers, where its answers go, what it refuses without the visitor, and the error codes the
 * app relies on. No chain: requests that would reach an RPC are not made here (see
 * createFrameHost.test.ts for the whole flows against anvil).
 */
import { recoverMessageAddress, toHex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthApiError, BaseError, WrongRecoveryFactorError } from '../errors.ts'
import {
  appMessageType,
  FRAME_HIDE_TYPE,
  FRAME_READY_TYPE,
  FRAME_SHOW_TYPE,
  type FrameEventName,
  frameErrorType,
  frameSuccessType,
} from '../protocol/messages.ts'
import {
  harnessAppOrigin as APP_ORIGIN,
  harnessChainId as CHAIN_ID,
  type CreateFrameHostHarnessParameters,
  createFrameHostHarness,
} from '../test-utils/createFrameHostHarness.ts'
import { createMemoryAuthServer } from '../test-utils/createMemoryAuthServer.ts'
import type { AuthApi } from './authApi.ts'

const OTHER_CHAIN_ID = 84532
/** Never contacted: the requests here stop before any RPC call. */
const RPC_URL = 'http://127.0.0.1:9'

/** The frame page with two networks, the first (lowest chain id) its default. */
const setup = (options: CreateFrameHostHarnessParameters = {}) =>
  createFrameHostHarness({
    rpcUrls: { [CHAIN_ID]: RPC_URL, [OTHER_CHAIN_ID]: RPC_URL },
    ...options,
  })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createFrameHost: who it answers', () => {
  it('announces READY to the exact embedding origin, nothing else', async () => {
    const frame = setup()
    expect(frame.posted).toEqual([
      { message: { type: FRAME_READY_TYPE }, targetOrigin: APP_ORIGIN },
    ])
  })

  it('sends no READY, and answers nothing, when the embedding origin is not allowed', async () => {
    const frame = setup({ parentOrigin: 'http://app.localhost:3001' })
    frame.deliver(
      { type: appMessageType('GET_CHAIN_ID'), id: 'x', payload: {} },
      { origin: 'http://app.localhost:3001' },
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(frame.posted).toEqual([])
  })

  it('answers a request to the origin it came from, with its id and the event name', async () => {
    const frame = setup({ allowedOrigins: ['http://*.localhost:3000', 'https://shop.example'] })
    const reply = await frame.request('GET_CHAIN_ID', {}, { origin: 'https://shop.example' })
    expect(reply).toEqual({
      message: {
        type: frameSuccessType('GET_CHAIN_ID'),
        id: 'request-1',
        payload: { chainId: CHAIN_ID },
      },
      targetOrigin: 'https://shop.example',
    })
  })

  it('ignores a message from another window, even one of an allowed origin', async () => {
    const frame = setup()
    const otherWindow = { postMessage: () => {} }
    frame.deliver(
      { type: appMessageType('GET_CHAIN_ID'), id: 'foreign', payload: {} },
      { source: otherWindow },
    )
    frame.deliver(
      { type: appMessageType('GET_CHAIN_ID'), id: 'no-source', payload: {} },
      { source: null },
    )
    await frame.request('GET_CHAIN_ID', {})
    expect(frame.replies().map((entry) => entry.message.id)).toEqual(['request-1'])
  })

  it.each([
    'http://app.localhost:3001',
    'https://app.localhost:3000',
    'http://localhost:3000',
    'http://app.localhost:3000.evil.example',
    'null',
  ])('ignores a message from %s, which the allow-list does not match', async (origin) => {
    const frame = setup()
    frame.deliver({ type: appMessageType('GET_CHAIN_ID'), id: 'foreign', payload: {} }, { origin })
    await frame.request('GET_CHAIN_ID', {})
    expect(frame.replies().map((entry) => entry.message.id)).toEqual(['request-1'])
  })

  it('ignores what is not a valid request: no reply that could confirm the frame is there', async () => {
    const frame = setup()
    for (const data of [
      null,
      'GET_CHAIN_ID',
      { type: appMessageType('GET_CHAIN_ID'), payload: {} },
      { type: '@foyer-frame/GET_CHAIN_ID', id: 'a', payload: {} },
      { type: appMessageType('NOT_AN_EVENT' as FrameEventName), id: 'b', payload: {} },
      { type: appMessageType('SWITCH_NETWORK'), id: 'c', payload: { chainId: 'ten' } },
    ])
      frame.deliver(data)
    await frame.request('GET_CHAIN_ID', {})
    expect(frame.replies().map((entry) => entry.message.id)).toEqual(['request-1'])
  })

  it('stops answering once destroyed', async () => {
    const frame = setup()
    expect(frame.listenerCount()).toBe(1)
    frame.host.destroy()
    expect(frame.listenerCount()).toBe(0)
  })
})

describe('createFrameHost: the app origin without a known parent', () => {
  it('takes the embedding origin from location.ancestorOrigins', () => {
    vi.stubGlobal('location', { ancestorOrigins: ['http://shop.localhost:3000'] })
    vi.stubGlobal('document', { referrer: 'http://other.localhost:3000/page' })
    const frame = setup({ parentOrigin: undefined })
    expect(frame.posted).toEqual([
      { message: { type: FRAME_READY_TYPE }, targetOrigin: 'http://shop.localhost:3000' },
    ])
  })

  it("falls back to the referrer's origin", () => {
    vi.stubGlobal('location', { ancestorOrigins: [] })
    vi.stubGlobal('document', { referrer: 'http://shop.localhost:3000/checkout?step=2' })
    const frame = setup({ parentOrigin: undefined })
    expect(frame.posted).toEqual([
      { message: { type: FRAME_READY_TYPE }, targetOrigin: 'http://shop.localhost:3000' },
    ])
  })

  it('sends no READY when neither tells the origin', () => {
    vi.stubGlobal('location', undefined)
    vi.stubGlobal('document', { referrer: '' })
    expect(setup({ parentOrigin: undefined }).posted).toEqual([])
  })
})

describe('createFrameHost: nothing signed without the visitor', () => {
  it('signs a message only once the visitor approves it, shown above the app meanwhile', async () => {
    const frame = setup()
    await frame.loginByEmail('ada@example.com')
    const { address } = (await frame.call('GET_USER', {})) as { address: `0x${string}` }
    await frame.call('SYNC_DAPP_DATA', {
      projectId: 'demo',
      sdkVersion: '1.0.0',
      metadata: { name: 'Corner Shop' },
    })
    const shownBefore = frame.posted.length
    const { result } = await frame.call('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('hello'), address],
    })
    expect(frame.prompts.approvals).toMatchObject([
      { kind: 'evmMessage', origin: APP_ORIGIN, appName: 'Corner Shop' },
    ])
    expect(
      await recoverMessageAddress({ message: 'hello', signature: result as `0x${string}` }),
    ).toBe(address)
    expect(frame.posted.slice(shownBefore, shownBefore + 2)).toEqual([
      { message: { type: FRAME_SHOW_TYPE }, targetOrigin: APP_ORIGIN },
      { message: { type: FRAME_HIDE_TYPE }, targetOrigin: APP_ORIGIN },
    ])
  })

  it('answers 4001 and signs nothing when the visitor rejects', async () => {
    const frame = setup()
    await frame.loginByEmail('ada@example.com')
    const { address } = (await frame.call('GET_USER', {})) as { address: `0x${string}` }
    frame.prompts.decide(false)
    const reply = await frame.request('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('send me everything'), address],
    })
    expect(reply.message).toEqual({
      type: frameErrorType('RPC_REQUEST'),
      id: 'request-4',
      payload: { message: 'User rejected the request.', code: 4001 },
    })
    expect(frame.prompts.approvals).toHaveLength(1)
  })

  it('refuses to sign on a device that has not recovered the wallet: 4100, nothing shown to approve', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server })
    await first.loginByEmail('ada@example.com')
    const { address } = (await first.call('GET_USER', {})) as { address: `0x${string}` }

    const second = setup({ server })
    await second.loginByEmail('ada@example.com')
    expect(await second.call('GET_USER', {})).toMatchObject({
      address,
      recovery: { locked: true },
    })
    expect(
      await second.failure('RPC_REQUEST', {
        method: 'personal_sign',
        params: [toHex('hello'), address],
      }),
    ).toEqual({ message: 'Recover your wallet on this device first', code: 4100 })
    expect(second.prompts.approvals).toEqual([])
    // The visitor closes the recovery view again: the app hears a rejection.
    expect(await second.failure('UNLOCK_WALLET', {})).toEqual({
      message: 'User rejected the request.',
      code: 4001,
    })
    expect(await second.failure('EXPORT_KEY', {})).toEqual({
      message: 'Recover your wallet on this device first',
      code: 4100,
    })
  })

  it('exports no key from a wallet without a recovery method the visitor can re-enter', async () => {
    const frame = setup()
    await frame.loginByEmail('ada@example.com')
    expect(await frame.failure('EXPORT_KEY', {})).toEqual({
      message: 'Set up a recovery method to export your key',
      code: 4001,
    })
    expect(frame.prompts.exported).toEqual([])
  })

  it('refuses every wallet request before login, without asking the visitor', async () => {
    const frame = setup()
    const notConnected = { message: 'Not connected to email or social' }
    expect(await frame.failure('GET_USER', {})).toEqual(notConnected)
    expect(await frame.failure('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual(notConnected)
    expect(await frame.failure('UPDATE_EMAIL', { email: 'eve@example.com' })).toEqual(notConnected)
    expect(await frame.failure('UPDATE_EMAIL_PRIMARY_OTP', { otp: '123456' })).toEqual(notConnected)
    expect(await frame.failure('UPDATE_EMAIL_SECONDARY_OTP', { otp: '123456' })).toEqual(
      notConnected,
    )
    expect(await frame.failure('SETUP_RECOVERY', {})).toEqual(notConnected)
    expect(await frame.failure('UNLOCK_WALLET', {})).toEqual(notConnected)
    expect(await frame.failure('EXPORT_KEY', {})).toEqual(notConnected)
    expect(
      await frame.failure('RPC_REQUEST', { method: 'personal_sign', params: [toHex('hi')] }),
    ).toEqual({ message: 'Not connected to email or social', code: 4100 })
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
    expect(frame.prompts.approvals).toEqual([])
    expect(frame.prompts.shown).toBe(0)
  })
})

describe('createFrameHost: error answers the app relies on', () => {
  it('answers 4902 for a network it has no RPC for, and switches to one it has', async () => {
    const frame = setup()
    expect(await frame.failure('SWITCH_NETWORK', { chainId: 1 })).toEqual({
      message: 'Unsupported chain',
      code: 4902,
    })
    expect(await frame.call('GET_CHAIN_ID', {})).toEqual({ chainId: CHAIN_ID })
    expect(await frame.call('SWITCH_NETWORK', { chainId: OTHER_CHAIN_ID })).toEqual({
      chainId: OTHER_CHAIN_ID,
    })
    expect(await frame.call('GET_CHAIN_ID', {})).toEqual({ chainId: OTHER_CHAIN_ID })
    expect(await frame.failure('RPC_REQUEST', { method: 'eth_blockNumber', chainId: 1 })).toEqual({
      message: 'Unsupported chain',
      code: 4902,
    })
    expect(await frame.call('RPC_REQUEST', { method: 'eth_chainId' })).toEqual({
      result: toHex(OTHER_CHAIN_ID),
    })
    expect(await frame.call('RPC_REQUEST', { method: 'eth_chainId', chainId: CHAIN_ID })).toEqual({
      result: toHex(CHAIN_ID),
    })
  })

  it('lets an app switch networks through wallet_switchEthereumChain', async () => {
    const frame = setup()
    await frame.call('RPC_REQUEST', {
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: toHex(OTHER_CHAIN_ID) }],
    })
    expect(await frame.call('GET_CHAIN_ID', {})).toEqual({ chainId: OTHER_CHAIN_ID })
  })

  it('needs no EVM network for Solana requests', async () => {
    const frame = setup({ rpcUrls: {} })
    expect(
      await frame.failure('RPC_REQUEST', { method: 'solana_signMessage', params: {} }),
    ).toEqual({ message: 'Not connected to email or social', code: 4100 })
  })

  it('answers "Failed to connect" to a login step without its start', async () => {
    const frame = setup()
    expect(await frame.failure('CONNECT_OTP', { otp: '123456' })).toEqual({
      message: 'Failed to connect',
    })
    expect(await frame.failure('CONNECT_DEVICE', {})).toEqual({ message: 'Failed to connect' })
    expect(
      await frame.failure('CONNECT_SOCIAL', { uri: 'http://localhost/callback?state=forged' }),
    ).toEqual({ message: 'Failed to connect' })
    expect(await frame.failure('CONNECT_FARCASTER', {})).toEqual({
      message: 'Failed to connect to farcaster',
    })
    expect(await frame.failure('CONNECT_PASSKEY', {})).toEqual({ message: 'Failed to connect' })
  })

  it("answers a wrong code with the server's words", async () => {
    const frame = setup()
    await frame.call('CONNECT_EMAIL', { email: 'ada@example.com' })
    const payload = (await frame.failure('CONNECT_OTP', { otp: '000000' })) as {
      message: string
    }
    expect(payload).toEqual({ message: expect.any(String) })
    expect(payload.message).not.toBe('Something went wrong')
  })

  it.each([
    [
      'an API error',
      new AuthApiError('Too many attempts', { status: 429, details: 'rate_limited' }),
      { message: 'Too many attempts' },
    ],
    [
      'a wrong recovery factor',
      new WrongRecoveryFactorError(),
      { message: 'Wrong recovery password' },
    ],
    ['another error of the frame', new BaseError('Share mismatch'), { message: 'Share mismatch' }],
    [
      'a viem error',
      Object.assign(new Error('long text with internals'), {
        shortMessage: 'Execution reverted',
        code: -32000,
      }),
      { message: 'Execution reverted', code: -32000 },
    ],
    [
      'an error with a text code',
      Object.assign(new Error('internals'), { shortMessage: 'Network down', code: 'ECONNRESET' }),
      { message: 'Network down' },
    ],
    [
      'an error it has no words for',
      new TypeError('fetch failed at 10.0.0.7'),
      { message: 'Something went wrong' },
    ],
    ['a thrown string', 'secret internals', { message: 'Something went wrong' }],
  ])('answers %s with what the visitor may read', async (_kind, error, expected) => {
    const server = createMemoryAuthServer()
    const authApi: AuthApi = {
      ...server.connect(),
      startEmailLogin: async () => {
        throw error
      },
    }
    const frame = setup({ server, authApi })
    expect(await frame.failure('CONNECT_EMAIL', { email: 'ada@example.com' })).toEqual(expected)
  })
})

describe('createFrameHost: the session', () => {
  it('reports the logged-in visitor, and on a network it has no RPC for refuses to switch', async () => {
    const frame = setup()
    await frame.loginByEmail('ada@example.com')
    const user = await frame.call('GET_USER', {})
    expect(user).toMatchObject({
      email: 'ada@example.com',
      chainId: CHAIN_ID,
      accounts: [{ address: user.address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      recovery: { methods: [], operatorRecovery: false, locked: false },
    })
    expect(user).not.toHaveProperty('smartAccount')
    expect(user).not.toHaveProperty('userName')
    expect(await frame.failure('GET_USER', { chainId: 1 })).toEqual({
      message: 'Unsupported chain',
    })
    expect(await frame.call('GET_USER', { chainId: OTHER_CHAIN_ID })).toMatchObject({
      chainId: OTHER_CHAIN_ID,
    })
    expect(await frame.call('GET_CHAIN_ID', {})).toEqual({ chainId: OTHER_CHAIN_ID })
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
    expect(await frame.call('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({
      type: 'eoa',
      address: user.address,
    })
    expect(await frame.failure('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({
      message: 'Smart accounts are not enabled on this network',
    })
  })

  it('is still connected after a reload of the frame, with the same address', async () => {
    const server = createMemoryAuthServer()
    const authApi = server.connect()
    const before = setup({ server, authApi })
    await before.loginByEmail('ada@example.com')
    const { address } = await before.call('GET_USER', {})
    before.host.destroy()
    const after = setup({ server, authApi })
    expect(await after.call('GET_USER', {})).toMatchObject({ address, email: 'ada@example.com' })
    const reloaded = setup({ server, authApi })
    expect(await reloaded.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
  })

  it('signs out even with the server unreachable, and is then disconnected', async () => {
    const frame = setup()
    await frame.loginByEmail('ada@example.com')
    frame.server.setReachable(false)
    expect(await frame.call('SIGN_OUT', {})).toEqual({})
    frame.server.setReachable(true)
    expect(await frame.failure('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({
      message: 'Not connected to email or social',
    })
    expect(await frame.failure('CONNECT_OTP', { otp: '123456' })).toEqual({
      message: 'Failed to connect',
    })
  })

  it('reads the session again on RELOAD: signed out elsewhere, signed out here', async () => {
    const server = createMemoryAuthServer()
    const authApi = server.connect()
    const frame = setup({ server, authApi })
    await frame.loginByEmail('ada@example.com')
    await authApi.signOut({})
    expect(await frame.call('RELOAD', {})).toEqual({})
    expect(await frame.failure('GET_USER', {})).toEqual({
      message: 'Not connected to email or social',
    })
  })

  it('lists the networks with smart accounts once each', async () => {
    const frame = setup({ smartAccountEnabledNetworks: [8453, 8453, 10] })
    expect(await frame.call('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).toEqual({
      smartAccountEnabledNetworks: [8453, 10],
    })
    expect(await setup().call('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).toEqual({
      smartAccountEnabledNetworks: [],
    })
  })

  it("follows the app's light or dark mode, and the system's when asked", async () => {
    const attributes = new Map<string, string>()
    vi.stubGlobal('document', {
      referrer: '',
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
        removeAttribute: (name: string) => attributes.delete(name),
      },
    })
    const frame = setup()
    await frame.call('SYNC_THEME', { themeMode: 'light' })
    expect(attributes.get('data-theme')).toBe('light')
    await frame.call('SYNC_THEME', { themeMode: 'system' })
    expect(attributes.has('data-theme')).toBe(false)
  })

  it("tells the server the app's mode and name with the login code", async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    const seen: unknown[] = []
    const authApi: AuthApi = {
      ...api,
      verifyEmailOtp: (body) => {
        seen.push(body)
        return api.verifyEmailOtp(body)
      },
    }
    const frame = setup({ server, authApi })
    await frame.call('SYNC_THEME', { themeMode: 'light' })
    await frame.call('SYNC_DAPP_DATA', {
      projectId: 'demo',
      sdkVersion: '1.0.0',
      metadata: { name: '  Corner Shop  ' },
    })
    await frame.loginByEmail('ada@example.com')
    expect(seen).toMatchObject([
      { appOrigin: APP_ORIGIN, app: { name: 'Corner Shop', themeMode: 'light' } },
    ])
  })
})
