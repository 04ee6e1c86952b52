/**
 * Edges of the frame host that the flows do not reach: error replies without a stray `code`,
 * what the server's login pages are told when the app said nothing, teardown of the device poll,
 * the embedding origin in browsers without `ancestorOrigins`, and the device share wiped after use.
 */
import { toHex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryDeviceShareStore } from '../custody/deviceShareStore.ts'
import { FRAME_READY_TYPE } from '../protocol/messages.ts'
import {
  createFrameHostHarness as setup,
  startSecondDeviceLogin,
} from '../test-utils/createFrameHostHarness.ts'
import { createMemoryAuthServer } from '../test-utils/createMemoryAuthServer.ts'
import type { AuthApi } from './authApi.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createFrameHost: edges', () => {
  it('sends no `code` with an error that has none (the app reads its presence)', async () => {
    const frame = setup()
    const notConnected = await frame.failure('GET_USER', {})
    expect(Object.keys(notConnected as object)).toEqual(['message'])
    const unsupported = await frame.failure('SWITCH_NETWORK', { chainId: 1 })
    expect(unsupported).toStrictEqual({ message: 'Unsupported chain', code: 4902 })
  })

  it('starts on chain 1 when no network has an RPC URL', async () => {
    expect(await setup({ rpcUrls: {} }).call('GET_CHAIN_ID', {})).toEqual({ chainId: 1 })
  })

  it("tells the server's login pages the dark mode and no name when the app said nothing", async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    const apps: unknown[] = []
    const authApi: AuthApi = {
      ...api,
      verifyEmailOtp: (body) => {
        apps.push(body.app)
        return api.verifyEmailOtp(body)
      },
    }
    const frame = setup({ server, authApi })
    await frame.loginByEmail('ada@example.com')
    await frame.call('SIGN_OUT', {})
    await frame.call('SYNC_DAPP_DATA', {
      projectId: 'demo',
      sdkVersion: '1.0.0',
      metadata: { name: '   ' },
    })
    await frame.loginByEmail('ada@example.com')
    expect(apps).toStrictEqual([{ themeMode: 'dark' }, { themeMode: 'dark' }])
  })

  it('shows a request without an app name when the app gave no metadata', async () => {
    const frame = setup()
    await frame.loginByEmail('ada@example.com')
    await frame.call('SYNC_DAPP_DATA', { projectId: 'demo', sdkVersion: '1.0.0' })
    const { address } = await frame.call('GET_USER', {})
    await frame.call('RPC_REQUEST', { method: 'personal_sign', params: [toHex('hi'), address] })
    expect(frame.prompts.approvals).toHaveLength(1)
    expect(frame.prompts.approvals[0]).not.toHaveProperty('appName')
  })

  it("wipes this device's share from memory once it has signed", async () => {
    const store = createMemoryDeviceShareStore()
    const handedOut: Uint8Array[] = []
    const deviceShareStore = {
      ...store,
      getShare: async (walletId: string) => {
        const share = await store.getShare(walletId)
        if (share) handedOut.push(share)
        return share
      },
    }
    const frame = setup({ deviceShareStore })
    await frame.loginByEmail('ada@example.com')
    const { address } = await frame.call('GET_USER', {})
    handedOut.length = 0
    await frame.call('RPC_REQUEST', { method: 'personal_sign', params: [toHex('hi'), address] })
    expect(handedOut.length).toBeGreaterThan(0)
    for (const share of handedOut) {
      expect(share.some((byte) => byte !== 0)).toBe(false)
    }
  })

  it('stops looking for new devices once destroyed', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server, deviceRequestPollMs: 10 })
    await first.loginByEmail('dev@example.com')
    first.host.destroy()
    const second = await startSecondDeviceLogin(server, 'dev@example.com')
    expect(first.prompts.askedCodes).toEqual([])
    second.host.destroy()
  })

  it('takes the referrer in a browser without location.ancestorOrigins', () => {
    vi.stubGlobal('location', {})
    vi.stubGlobal('document', { referrer: 'http://shop.localhost:3000/cart' })
    expect(setup({ parentOrigin: undefined }).posted).toEqual([
      { message: { type: FRAME_READY_TYPE }, targetOrigin: 'http://shop.localhost:3000' },
    ])
  })

  it('sends no READY outside a document (a worker, a server render)', () => {
    vi.stubGlobal('location', {})
    vi.stubGlobal('document', undefined)
    expect(setup({ parentOrigin: undefined }).posted).toEqual([])
  })
})
