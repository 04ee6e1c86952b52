/**
 * The frame host's last guards before a key is used, and its listener on the real event type:
 * a device that lost its share while the visitor looked at a request signs nothing, shares that
 * rebuild another key sign nothing, the frame answers `message` events until it is destroyed, and
 * an app that gave no metadata can still log in.
 */
import { bytesToHex, hexToBytes, toHex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryDeviceShareStore } from '../custody/deviceShareStore.ts'
import { appMessageType, FRAME_READY_TYPE, frameSuccessType } from '../protocol/messages.ts'
import {
  harnessAppOrigin as APP_ORIGIN,
  harnessChainId as CHAIN_ID,
  createFrameHostHarness,
} from '../test-utils/createFrameHostHarness.ts'
import { createMemoryAuthServer } from '../test-utils/createMemoryAuthServer.ts'
import { createScriptedPrompts } from '../test-utils/createScriptedPrompts.ts'
import type { AuthApi } from './authApi.ts'
import { createFrameHost, type FrameHostWindow } from './createFrameHost.ts'

describe('createFrameHost: no signature from the wrong key or a locked device', () => {
  it('signs nothing when the device lost its share while the visitor looked at the request: 4100', async () => {
    const store = createMemoryDeviceShareStore()
    const visitor = createScriptedPrompts()
    let userId = ''
    let frame: ReturnType<typeof createFrameHostHarness> | undefined
    const frameWithStorageLoss = createFrameHostHarness({
      deviceShareStore: store,
      prompts: visitor,
      createPrompts: (shown) => {
        const prompts = visitor.createPrompts(shown)
        return {
          ...prompts,
          // Meanwhile the browser cleared the frame's storage and the frame read its session again.
          approve: async (request) => {
            const approved = await prompts.approve(request)
            await store.deleteShare(userId)
            await frame!.call('RELOAD', {})
            return approved
          },
        }
      },
    })
    frame = frameWithStorageLoss
    await frame.loginByEmail('ada@example.com')
    const user = (await frame.call('GET_USER', {})) as { userId: string; address: `0x${string}` }
    userId = user.userId

    expect(
      await frame.failure('RPC_REQUEST', {
        method: 'personal_sign',
        params: [toHex('hello'), user.address],
      }),
    ).toEqual({ message: 'Recover your wallet on this device first', code: 4100 })
    expect(visitor.approvals).toHaveLength(1)
    expect(await frame.call('GET_USER', {})).toMatchObject({ recovery: { locked: true } })
  })

  it("signs nothing with an auth share that does not rebuild the visitor's key", async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    let corrupt = false
    // The server (or whoever stands between) hands out a changed auth share: the two shares then
    // rebuild some other key, which must not sign in the visitor's name.
    const authApi: AuthApi = {
      ...api,
      getAuthShares: async (...args) => {
        const result = await api.getAuthShares(...args)
        if (!corrupt || !result.wallet) return result
        const shareSets = result.wallet.shareSets.map((set) => {
          const share = hexToBytes(set.authShare)
          share[0] = share[0]! ^ 0xff
          return { ...set, authShare: bytesToHex(share) }
        })
        return { ...result, wallet: { ...result.wallet, shareSets } }
      },
    }
    const frame = createFrameHostHarness({ server, authApi })
    await frame.loginByEmail('ada@example.com')
    const { address } = (await frame.call('GET_USER', {})) as { address: `0x${string}` }
    // The same request goes through with the true share.
    await frame.call('RPC_REQUEST', { method: 'personal_sign', params: [toHex('hello'), address] })

    corrupt = true
    expect(
      await frame.failure('RPC_REQUEST', {
        method: 'personal_sign',
        params: [toHex('hello'), address],
      }),
    ).toEqual({ message: 'The key shares do not belong to this wallet' })
  })
})

/** The frame in a window whose events are a real EventTarget: listeners are kept per type. */
function setupInEventTarget() {
  const target = new EventTarget()
  const posted: { message: { type: string; id?: string; payload?: unknown }; origin: string }[] = []
  const parent = {
    postMessage: (message: unknown, origin: string) => {
      posted.push({
        message: structuredClone(message) as (typeof posted)[number]['message'],
        origin,
      })
    },
  }
  const frameWindow: FrameHostWindow = {
    parent,
    addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
    removeEventListener: (type, listener) =>
      target.removeEventListener(type, listener as EventListener),
  }
  const host = createFrameHost({
    window: frameWindow,
    parentOrigin: APP_ORIGIN,
    allowedOrigins: [APP_ORIGIN],
    authApi: createMemoryAuthServer().connect(),
    deviceShareStore: createMemoryDeviceShareStore(),
    createPrompts: createScriptedPrompts().createPrompts,
    rpcUrls: { [CHAIN_ID]: 'http://127.0.0.1:9' },
    projectId: 'demo',
    deviceRequestPollMs: 0,
  })
  /** An event from the app's window, as the browser dispatches it. */
  const dispatch = (type: string, id: string) => {
    const event = new Event(type)
    Object.defineProperties(event, {
      data: { value: { type: appMessageType('GET_CHAIN_ID'), id, payload: {} } },
      origin: { value: APP_ORIGIN },
      source: { value: parent },
    })
    target.dispatchEvent(event)
  }
  const replies = () => posted.filter((entry) => entry.message.id !== undefined)
  return { host, posted, dispatch, replies }
}

describe("createFrameHost: the window's message events", () => {
  it("answers a request the browser delivers as a 'message' event", async () => {
    const frame = setupInEventTarget()
    expect(frame.posted).toEqual([{ message: { type: FRAME_READY_TYPE }, origin: APP_ORIGIN }])
    frame.dispatch('message', 'asked')
    await vi.waitFor(() =>
      expect(frame.replies()).toEqual([
        {
          message: {
            type: frameSuccessType('GET_CHAIN_ID'),
            id: 'asked',
            payload: { chainId: CHAIN_ID },
          },
          origin: APP_ORIGIN,
        },
      ]),
    )
  })

  it("stops answering 'message' events once destroyed", async () => {
    const frame = setupInEventTarget()
    frame.host.destroy()
    frame.dispatch('message', 'after')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(frame.replies()).toEqual([])
  })
})

describe('createFrameHost: an app without metadata', () => {
  it("logs in from an app that synced no metadata, telling the server's login pages no name", async () => {
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
    const frame = createFrameHostHarness({ server, authApi })
    await frame.call('SYNC_DAPP_DATA', { projectId: 'demo', sdkVersion: '1.0.0' })
    await frame.loginByEmail('ada@example.com')
    expect(apps).toStrictEqual([{ themeMode: 'dark' }])
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
  })
})
