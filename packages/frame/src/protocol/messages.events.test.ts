import { describe, expect, it } from 'vitest'
import {
  APP_MESSAGE_PREFIX,
  appMessageType,
  FRAME_HIDE_TYPE,
  FRAME_MESSAGE_PREFIX,
  FRAME_READY_TYPE,
  FRAME_SHOW_TYPE,
  FRAME_SOCIAL_RESULT_TYPE,
  type FrameEventName,
  frameErrorType,
  frameEvents,
  frameSuccessType,
  isFrameReadyMessage,
  parseAppMessage,
  parseFrameReply,
} from './messages.ts'

const address = '0x1111111111111111111111111111111111111111'
const solana = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

/** A full user: every field GET_USER can answer. */
const user = {
  userId: 'u1',
  email: 'ada@example.com',
  address,
  addresses: { eip155: address, solana },
  chainId: 10,
  accounts: [
    { address, type: 'eoa' },
    { address: '0x2222222222222222222222222222222222222222', type: 'smartAccount' },
  ],
  userName: 'Ada',
  socialProvider: 'farcaster',
  preferredAccountType: 'smartAccount',
  smartAccountDeployed: false,
  smartAccount: { address: '0x2222222222222222222222222222222222222222', deployed: false },
  recovery: { methods: ['password', 'passkey'], operatorRecovery: true, locked: false },
  message: 'app.example wants you to sign in',
  signature: '0xabcdef',
}

/**
 * One request and one success payload of every event, each field its event knows filled in: the
 * frame and apps of other builds exchange exactly these.
 */
const examples: { [name in FrameEventName]: { request: unknown; response: unknown } } = {
  CONNECT_EMAIL: { request: { email: 'ada@example.com' }, response: { action: 'VERIFY_DEVICE' } },
  CONNECT_DEVICE: { request: {}, response: {} },
  CONNECT_OTP: { request: { otp: '123456' }, response: { action: 'VERIFY_DEVICE' } },
  CONNECT_PASSKEY: { request: {}, response: {} },
  GET_SOCIAL_REDIRECT_URI: {
    request: { provider: 'github' },
    response: { uri: 'https://github.com/login/oauth/authorize?x=1' },
  },
  CONNECT_SOCIAL: {
    request: { uri: 'https://wallet.example/r?code=1' },
    response: { userName: 'Ada' },
  },
  GET_FARCASTER_URI: {
    request: {},
    response: { url: 'https://farcaster.xyz/~/siwf?x=1', expiresAt: '2030-01-01T00:10:00.000Z' },
  },
  CONNECT_FARCASTER: { request: {}, response: { userName: 'ada', pending: true } },
  GET_USER: {
    request: {
      chainId: 10,
      preferredAccountType: 'eoa',
      siweMessageData: {
        domain: 'app.example',
        uri: 'https://app.example',
        version: '1',
        nonce: 'abcd1234',
        statement: 'Sign in',
        resources: ['https://app.example/terms'],
        requestId: 'r1',
        issuedAt: '2030-01-01T00:00:00.000Z',
        expirationTime: '2030-01-02T00:00:00.000Z',
        notBefore: '2030-01-01T00:00:00.000Z',
      },
    },
    response: user,
  },
  SWITCH_NETWORK: { request: { chainId: 8453 }, response: { chainId: 8453 } },
  SIGN_OUT: { request: {}, response: {} },
  IS_CONNECTED: { request: {}, response: { isConnected: true } },
  GET_CHAIN_ID: { request: {}, response: { chainId: 1 } },
  RPC_REQUEST: {
    request: { method: 'personal_sign', params: ['0x68656c6c6f', address], chainId: 10 },
    response: { result: '0xsigned' },
  },
  UPDATE_EMAIL: {
    request: { email: 'new@example.com' },
    response: { action: 'VERIFY_PRIMARY_OTP' },
  },
  UPDATE_EMAIL_PRIMARY_OTP: {
    request: { otp: '000000' },
    response: { action: 'VERIFY_SECONDARY_OTP' },
  },
  UPDATE_EMAIL_SECONDARY_OTP: {
    request: { otp: '999999' },
    response: { email: 'new@example.com' },
  },
  SYNC_THEME: {
    request: {
      themeMode: 'dark',
      themeVariables: { '--foyer-accent': '#f00', '--foyer-radius': 8 },
    },
    response: {},
  },
  SYNC_DAPP_DATA: {
    request: {
      projectId: 'p1',
      sdkVersion: '1.2.3',
      metadata: {
        name: 'Acme',
        description: 'An app',
        url: 'https://app.example',
        icons: ['https://app.example/icon.png'],
      },
    },
    response: {},
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    request: {},
    response: { smartAccountEnabledNetworks: [10, 8453] },
  },
  SET_PREFERRED_ACCOUNT: {
    request: { type: 'smartAccount' },
    response: { type: 'smartAccount', address },
  },
  RELOAD: { request: {}, response: {} },
  SETUP_RECOVERY: { request: {}, response: { methods: ['passkey'] } },
  UNLOCK_WALLET: { request: {}, response: {} },
  EXPORT_KEY: { request: {}, response: {} },
}

const names = Object.keys(examples) as FrameEventName[]

const request = (name: FrameEventName, payload: unknown, id = 'm1') =>
  parseAppMessage({ type: appMessageType(name), id, payload })
const success = (name: FrameEventName, payload: unknown, id = 'm1') =>
  parseFrameReply({ type: frameSuccessType(name), id, payload })

describe('frame messages: the wire names', () => {
  it('keeps the message types apps and frames of every build agree on', () => {
    expect(APP_MESSAGE_PREFIX).toBe('@foyer-app/')
    expect(FRAME_MESSAGE_PREFIX).toBe('@foyer-frame/')
    expect(FRAME_READY_TYPE).toBe('@foyer-frame/READY')
    expect(FRAME_SHOW_TYPE).toBe('@foyer-frame/SHOW')
    expect(FRAME_HIDE_TYPE).toBe('@foyer-frame/HIDE')
    expect(FRAME_SOCIAL_RESULT_TYPE).toBe('@foyer-frame/SOCIAL_RESULT')
    expect(appMessageType('GET_USER')).toBe('@foyer-app/GET_USER')
    expect(frameSuccessType('GET_USER')).toBe('@foyer-frame/GET_USER_SUCCESS')
    expect(frameErrorType('GET_USER')).toBe('@foyer-frame/GET_USER_ERROR')
    expect(Object.keys(frameEvents).sort()).toEqual([...names].sort())
  })
})

describe('frame messages: requests the frame accepts', () => {
  it.each(names)('accepts a full %s request and keeps every field', (name) => {
    const parsed = request(name, examples[name].request)
    expect(parsed).toEqual({
      name,
      message: { type: `@foyer-app/${name}`, id: 'm1', payload: examples[name].request },
    })
  })

  it('takes a null payload as an empty one, for events that need none', () => {
    expect(
      parseAppMessage({ type: '@foyer-app/IS_CONNECTED', id: 'm1', payload: null })?.message
        .payload,
    ).toEqual({})
    expect(
      parseAppMessage({ type: '@foyer-app/CONNECT_EMAIL', id: 'm1', payload: null }),
    ).toBeNull()
    // No payload key at all is no request.
    expect(parseAppMessage({ type: '@foyer-app/IS_CONNECTED', id: 'm1' })).toBeNull()
  })

  it('accepts ids of 1 to 64 characters only', () => {
    expect(request('SIGN_OUT', {}, 'x')).not.toBeNull()
    expect(request('SIGN_OUT', {}, 'x'.repeat(64))).not.toBeNull()
    expect(request('SIGN_OUT', {}, '')).toBeNull()
    expect(request('SIGN_OUT', {}, 'x'.repeat(65))).toBeNull()
    expect(parseAppMessage({ type: '@foyer-app/SIGN_OUT', id: 7, payload: {} })).toBeNull()
  })

  it('refuses types that only resemble an app request', () => {
    for (const type of [
      'GET_CHAIN_ID',
      '@foyer-frame/GET_CHAIN_ID',
      'x@foyer-app/GET_CHAIN_ID',
      '@foyer-app/get_chain_id',
      '@foyer-app/GET_CHAIN_ID ',
      '@foyer-app/',
      '@foyer-app/toString',
      '@foyer-app/constructor',
    ])
      expect(parseAppMessage({ type, id: 'm1', payload: {} }), type).toBeNull()
    expect(parseAppMessage(null)).toBeNull()
    expect(parseAppMessage('@foyer-app/GET_CHAIN_ID')).toBeNull()
  })

  it('refuses chain ids that are not whole numbers from 1', () => {
    expect(request('SWITCH_NETWORK', { chainId: 1 })).not.toBeNull()
    for (const chainId of [0, -1, 1.5, '10'])
      expect(request('SWITCH_NETWORK', { chainId }), String(chainId)).toBeNull()
    expect(request('GET_USER', { chainId: 0 })).toBeNull()
    expect(request('RPC_REQUEST', { method: 'eth_chainId', chainId: 0 })).toBeNull()
  })

  it('refuses a wrong account type, theme mode, provider, code or email', () => {
    expect(request('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).not.toBeNull()
    expect(request('SET_PREFERRED_ACCOUNT', { type: 'contract' })).toBeNull()
    expect(request('SET_PREFERRED_ACCOUNT', { type: '' })).toBeNull()
    expect(request('GET_USER', { preferredAccountType: 'contract' })).toBeNull()
    for (const themeMode of ['light', 'dark', 'system'])
      expect(request('SYNC_THEME', { themeMode }), themeMode).not.toBeNull()
    expect(request('SYNC_THEME', { themeMode: '' })).toBeNull()
    expect(request('SYNC_THEME', { themeMode: 'dark', themeVariables: { a: true } })).toBeNull()
    expect(request('GET_SOCIAL_REDIRECT_URI', { provider: 'farcaster' })).toBeNull()
    expect(request('CONNECT_OTP', { otp: '12345' })).toBeNull()
    expect(request('UPDATE_EMAIL_PRIMARY_OTP', { otp: 'abcdef' })).toBeNull()
    expect(request('UPDATE_EMAIL_SECONDARY_OTP', { otp: '1234567' })).toBeNull()
    expect(request('UPDATE_EMAIL', { email: 'not an email' })).toBeNull()
    expect(request('CONNECT_SOCIAL', { uri: 42 })).toBeNull()
  })

  it('refuses an RPC request without a method, or with params that are no list or object', () => {
    expect(request('RPC_REQUEST', { method: '' })).toBeNull()
    expect(request('RPC_REQUEST', { method: 'eth_sign', params: 'x' })).toBeNull()
    expect(request('RPC_REQUEST', { method: 'eth_sign', params: { a: 1 } })).not.toBeNull()
    expect(request('RPC_REQUEST', { method: 'eth_accounts' })?.message.payload).toEqual({
      method: 'eth_accounts',
    })
  })

  it('checks the sign-in message fields the app chooses', () => {
    const siwe = { domain: 'app.example', uri: 'https://app.example', nonce: 'abcd1234' }
    // The version defaults to 1 and can be nothing else.
    expect(request('GET_USER', { siweMessageData: siwe })?.message.payload).toEqual({
      siweMessageData: { ...siwe, version: '1' },
    })
    expect(request('GET_USER', { siweMessageData: { ...siwe, version: '2' } })).toBeNull()
    // Nonces: at least 8 letters or digits, nothing else.
    for (const nonce of ['abcd1234', 'ABCDEFGHIJKLMNOP', '12345678abcdefXYZ'])
      expect(request('GET_USER', { siweMessageData: { ...siwe, nonce } }), nonce).not.toBeNull()
    for (const nonce of ['abc1234', 'abcd-1234', ' abcd1234', 'abcd1234 ', 'abcd1234\n', ''])
      expect(request('GET_USER', { siweMessageData: { ...siwe, nonce } }), nonce).toBeNull()
    expect(request('GET_USER', { siweMessageData: { ...siwe, domain: 1 } })).toBeNull()
    expect(request('GET_USER', { siweMessageData: { ...siwe, resources: 'x' } })).toBeNull()
  })

  it('refuses dapp data without its project or version, or with a nameless metadata', () => {
    const data = { projectId: 'p1', sdkVersion: '1.0.0' }
    expect(request('SYNC_DAPP_DATA', data)).not.toBeNull()
    expect(request('SYNC_DAPP_DATA', { sdkVersion: '1.0.0' })).toBeNull()
    expect(request('SYNC_DAPP_DATA', { projectId: 'p1' })).toBeNull()
    expect(
      request('SYNC_DAPP_DATA', { ...data, metadata: { url: 'https://a.example' } }),
    ).toBeNull()
    expect(request('SYNC_DAPP_DATA', { ...data, metadata: { name: 'A', icons: [1] } })).toBeNull()
  })
})

describe('frame messages: replies the app accepts', () => {
  it.each(names)('accepts a full %s success and keeps every field', (name) => {
    expect(success(name, examples[name].response)).toEqual({
      kind: 'success',
      name,
      id: 'm1',
      payload: examples[name].response,
    })
  })

  it.each(names)('accepts a %s error with its message and code', (name) => {
    expect(
      parseFrameReply({
        type: `@foyer-frame/${name}_ERROR`,
        id: 'm1',
        payload: { message: 'No', code: 4001 },
      }),
    ).toEqual({ kind: 'error', name, id: 'm1', payload: { message: 'No', code: 4001 } })
  })

  it('turns an error without a readable payload into one without text, never a success', () => {
    for (const payload of [undefined, null, { code: 4001 }, { message: 1 }, 'boom'])
      expect(parseFrameReply({ type: '@foyer-frame/GET_USER_ERROR', id: 'm1', payload })).toEqual({
        kind: 'error',
        name: 'GET_USER',
        id: 'm1',
        payload: { message: '' },
      })
  })

  it('refuses types that only resemble a frame reply', () => {
    for (const type of [
      '@foyer-frame/GET_CHAIN_ID',
      '@foyer-frame/GET_CHAIN_ID_DONE',
      '@foyer-frame/GET_CHAIN_ID_SUCCESS_',
      '@foyer-frame/GET_CHAIN_ID_SUCCESSX',
      '@foyer-frame/GET_CHAIN_ID_ERRORS',
      '@foyer-frame/_SUCCESS',
      '@foyer-frame/STEAL_SUCCESS',
      '@foyer-frame/READY',
      '@foyer-app/GET_CHAIN_ID_SUCCESS',
      'x@foyer-frame/GET_CHAIN_ID_SUCCESS',
      'GET_CHAIN_ID_SUCCESS',
      // A reply type is one line: nothing may come before the event name.
      '@foyer-frame/JUNK\nGET_CHAIN_ID_SUCCESS',
    ])
      expect(parseFrameReply({ type, id: 'm1', payload: { chainId: 1 } }), type).toBeNull()
  })

  it('refuses a success whose payload does not fit its event', () => {
    expect(success('GET_CHAIN_ID', { chainId: 0 })).toBeNull()
    expect(success('CONNECT_EMAIL', { action: 'VERIFY_PRIMARY_OTP' })).toBeNull()
    expect(success('CONNECT_OTP', { action: 'VERIFY_OTP' })).toBeNull()
    expect(success('CONNECT_OTP', {})?.payload).toEqual({})
    expect(success('CONNECT_EMAIL', { action: 'VERIFY_OTP' })).not.toBeNull()
    expect(success('UPDATE_EMAIL', { action: 'VERIFY_SECONDARY_OTP' })).toBeNull()
    expect(success('UPDATE_EMAIL_PRIMARY_OTP', { action: 'VERIFY_PRIMARY_OTP' })).toBeNull()
    expect(success('GET_USER', { ...user, address: '0x12' })).toBeNull()
    expect(success('GET_USER', { ...user, accounts: [{ address, type: 'contract' }] })).toBeNull()
    expect(success('GET_USER', { ...user, socialProvider: 'myspace' })).toBeNull()
    expect(
      success('GET_USER', { ...user, recovery: { ...user.recovery, methods: ['pin'] } }),
    ).toBeNull()
    expect(success('SETUP_RECOVERY', { methods: ['sms'] })).toBeNull()
    expect(
      success('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [0] }),
    ).toBeNull()
    expect(success('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toBeNull()
    expect(success('GET_FARCASTER_URI', { url: 'https://x' })).toBeNull()
    expect(success('IS_CONNECTED', { isConnected: 'yes' })).toBeNull()
    expect(success('RPC_REQUEST', { result: null })?.payload).toEqual({ result: null })
  })

  it('accepts a user without the optional fields', () => {
    const {
      email: _email,
      userName: _userName,
      socialProvider: _socialProvider,
      smartAccount: _smartAccount,
      recovery: _recovery,
      message: _message,
      signature: _signature,
      ...required
    } = user
    expect(success('GET_USER', required)?.payload).toEqual(required)
  })

  it('knows the READY message and nothing else as READY', () => {
    expect(isFrameReadyMessage({ type: '@foyer-frame/READY' })).toBe(true)
    for (const data of [null, undefined, '@foyer-frame/READY', { type: '@foyer-frame/SHOW' }, {}])
      expect(isFrameReadyMessage(data)).toBe(false)
  })
})
