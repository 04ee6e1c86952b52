/**
 * Where the frame shows itself (SHOW / HIDE) and answers: the app window's origin, detected at
 * load or else the first allowed origin that wrote; never one the allow-list does not match.
 */
import { toHex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  FRAME_HIDE_TYPE,
  FRAME_SHOW_TYPE,
  frameErrorType,
  frameSuccessType,
} from '../protocol/messages.ts'
import {
  harnessAppOrigin as APP_ORIGIN,
  createFrameHostHarness as setup,
  startSecondDeviceLogin,
} from '../test-utils/createFrameHostHarness.ts'
import { createMemoryAuthServer } from '../test-utils/createMemoryAuthServer.ts'

const SHOP_ORIGIN = 'http://shop.localhost:3000'
const showAndHide = (frame: ReturnType<typeof setup>) =>
  frame.posted.filter(
    (entry) => entry.message.type === FRAME_SHOW_TYPE || entry.message.type === FRAME_HIDE_TYPE,
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Signs a message asked from `origin`; the frame's reply. */
async function signFrom(frame: ReturnType<typeof setup>, origin: string) {
  const { address } = await frame.call('GET_USER', {})
  return frame.request(
    'RPC_REQUEST',
    { method: 'personal_sign', params: [toHex('hello'), address] },
    { origin },
  )
}

describe('createFrameHost: the app origin', () => {
  it('shows itself to the embedding origin, and answers another allowed origin at that origin', async () => {
    const frame = setup()
    await frame.loginByEmail('ada@example.com')
    const reply = await signFrom(frame, SHOP_ORIGIN)
    expect(reply).toMatchObject({
      message: { type: frameSuccessType('RPC_REQUEST') },
      targetOrigin: SHOP_ORIGIN,
    })
    expect(frame.prompts.approvals).toMatchObject([{ origin: SHOP_ORIGIN }])
    expect(showAndHide(frame)).toEqual([
      { message: { type: FRAME_SHOW_TYPE }, targetOrigin: APP_ORIGIN },
      { message: { type: FRAME_HIDE_TYPE }, targetOrigin: APP_ORIGIN },
    ])
  })

  it('takes the first allowed origin that writes when the embedding origin is unknown', async () => {
    vi.stubGlobal('location', undefined)
    vi.stubGlobal('document', { referrer: '' })
    const frame = setup({ parentOrigin: undefined })
    frame.request('GET_CHAIN_ID', {}, { origin: 'http://evil.example' })
    await frame.request('GET_CHAIN_ID', {}, { origin: SHOP_ORIGIN })
    await frame.loginByEmail('ada@example.com')
    await signFrom(frame, APP_ORIGIN)
    expect(showAndHide(frame)).toEqual([
      { message: { type: FRAME_SHOW_TYPE }, targetOrigin: SHOP_ORIGIN },
      { message: { type: FRAME_HIDE_TYPE }, targetOrigin: SHOP_ORIGIN },
    ])
  })

  it('never shows itself to an embedding origin the allow-list does not match', async () => {
    const frame = setup({ parentOrigin: 'http://evil.example' })
    await frame.loginByEmail('ada@example.com')
    const reply = await signFrom(frame, APP_ORIGIN)
    expect(reply.targetOrigin).toBe(APP_ORIGIN)
    expect(frame.prompts.approvals).toHaveLength(1)
    expect(frame.posted.map((entry) => entry.targetOrigin)).not.toContain('http://evil.example')
    expect(showAndHide(frame)).toEqual([])
  })

  it('asks about new devices only when polling is on', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server, deviceRequestPollMs: 0 })
    await first.loginByEmail('dev@example.com')
    const second = await startSecondDeviceLogin(server, 'dev@example.com')
    expect(first.prompts.askedCodes).toEqual([])
    second.host.destroy()
  })

  it('answers a request refused before login at the origin that asked', async () => {
    const frame = setup()
    const reply = await frame.request('GET_USER', {}, { origin: SHOP_ORIGIN })
    expect(reply).toEqual({
      message: {
        type: frameErrorType('GET_USER'),
        id: 'request-1',
        payload: { message: 'Not connected to email or social' },
      },
      targetOrigin: SHOP_ORIGIN,
    })
  })
})
