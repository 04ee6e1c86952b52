import { expect, vi } from 'vitest'
import { createMemoryDeviceShareStore } from '../custody/deviceShareStore.ts'
import type { AuthApi } from '../frame/authApi.ts'
import { type CreateFrameHostParameters, createFrameHost } from '../frame/createFrameHost.ts'
import {
  appMessageType,
  type FrameEventName,
  type FrameRequestPayload,
  frameErrorType,
  frameSuccessType,
} from '../protocol/messages.ts'
import { createMemoryAuthServer, type MemoryAuthServer } from './createMemoryAuthServer.ts'
import { createScriptedPrompts, type ScriptedPrompts } from './createScriptedPrompts.ts'
import { destroyWhenTestEnds } from './destroyWhenTestEnds.ts'

export const harnessAppOrigin = 'http://app.localhost:3000'
export const harnessChainId = 31337
/** Never contacted: requests made through the harness stop before any RPC call. */
const rpcUrl = 'http://127.0.0.1:9'

export type HarnessPosted = {
  message: { type: string; id?: string; payload?: unknown }
  targetOrigin: string
}

export type CreateFrameHostHarnessParameters = Partial<CreateFrameHostParameters> & {
  server?: MemoryAuthServer
  prompts?: ScriptedPrompts
  authApi?: AuthApi
}

/**
 * The frame page (createFrameHost) in a window whose parent, the app, records what the frame
 * posts to it; requests are delivered as message events from that parent and the app's origin
 * unless told otherwise. Module-relative, so mutation testing reaches the mutated copy.
 */
export function createFrameHostHarness(options: CreateFrameHostHarnessParameters = {}) {
  const server = options.server ?? createMemoryAuthServer()
  const prompts = options.prompts ?? createScriptedPrompts()
  const posted: HarnessPosted[] = []
  const waiting = new Map<string, (reply: HarnessPosted) => void>()
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => {
      const entry = { message: structuredClone(message), targetOrigin } as HarnessPosted
      posted.push(entry)
      const id = entry.message.id
      if (id !== undefined) waiting.get(id)?.(entry)
    },
  }
  const listeners = new Set<(event: MessageEvent) => void>()
  const frameWindow = {
    parent,
    addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => {
      listeners.add(listener)
    },
    removeEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => {
      listeners.delete(listener)
    },
  }
  const deviceShareStore = options.deviceShareStore ?? createMemoryDeviceShareStore()
  const host = destroyWhenTestEnds(
    createFrameHost({
      parentOrigin: harnessAppOrigin,
      allowedOrigins: ['http://*.localhost:3000'],
      authApi: options.authApi ?? server.connect(),
      deviceShareStore,
      createPrompts: prompts.createPrompts,
      rpcUrls: { [harnessChainId]: rpcUrl },
      projectId: 'demo',
      devicePollIntervalMs: 5,
      farcasterPollIntervalMs: 5,
      deviceRequestPollMs: 0,
      ...options,
      window: frameWindow,
    }),
  )

  /** Delivers a message event as the browser would: `source` is the sender's window handle. */
  const deliver = (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
    const event = {
      data: structuredClone(data),
      origin: from.origin ?? harnessAppOrigin,
      source: 'source' in from ? from.source : parent,
    } as unknown as MessageEvent
    for (const listener of [...listeners]) listener(event)
  }
  let nextId = 0
  /** A request from the app (by default); resolves with the frame's reply to it. */
  const request = <name extends FrameEventName>(
    name: name,
    payload: FrameRequestPayload<name>,
    from: { source?: unknown; origin?: string } = {},
  ): Promise<HarnessPosted> => {
    const id = `request-${++nextId}`
    const reply = new Promise<HarnessPosted>((resolve) => waiting.set(id, resolve))
    deliver({ type: appMessageType(name), id, payload }, from)
    return reply
  }
  /** The reply's payload when it succeeded; throws the error payload otherwise. */
  const call = async <name extends FrameEventName>(
    name: name,
    payload: FrameRequestPayload<name>,
  ) => {
    const reply = await request(name, payload)
    if (reply.message.type !== frameSuccessType(name)) throw reply.message.payload
    return reply.message.payload as Record<string, unknown>
  }
  /** The error payload of a request that must fail. */
  const failure = async <name extends FrameEventName>(
    name: name,
    payload: FrameRequestPayload<name>,
  ) => {
    const reply = await request(name, payload)
    expect(reply.message.type).toBe(frameErrorType(name))
    return reply.message.payload
  }
  const lastOtp = (email: string) =>
    server.mailbox.findLast((mail) => mail.to === email && mail.kind === 'otp')?.otp ?? ''
  /** Email login: the code, then (a known email on a new device) approval on the emailed page. */
  const loginByEmail = async (email: string) => {
    expect(await call('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_OTP' })
    const result = await call('CONNECT_OTP', { otp: lastOtp(email) })
    if (result.action === 'VERIFY_DEVICE') {
      const pending = call('CONNECT_DEVICE', {})
      server.approveDevice(email)
      await pending
    }
  }

  return {
    server,
    prompts,
    posted,
    /** What the frame posted in answer to a request (READY, SHOW and HIDE left out). */
    replies: () => posted.filter((entry) => entry.message.id !== undefined),
    listenerCount: () => listeners.size,
    host,
    deviceShareStore,
    deliver,
    request,
    call,
    failure,
    lastOtp,
    loginByEmail,
  }
}

/**
 * A second device logs in to `email`'s wallet and waits for approval (its code on screen); resolves
 * 100 ms later, long enough for a first device that polls to have been asked. Returns its harness.
 */
export async function startSecondDeviceLogin(server: MemoryAuthServer, email: string) {
  const visitor = createScriptedPrompts()
  visitor.unlockWith = 'device'
  const second = createFrameHostHarness({ server, prompts: visitor })
  second.loginByEmail(email).catch(() => undefined)
  await vi.waitFor(() => expect(visitor.shownCodes).toHaveLength(1))
  await new Promise((resolve) => setTimeout(resolve, 100))
  return second
}
