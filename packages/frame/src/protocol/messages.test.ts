import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  appMessageType,
  frameErrorType,
  frameEvents,
  frameSuccessType,
  parseAppMessage,
  parseFrameReply,
} from './messages.ts'

describe('frame messages', () => {
  it('has a request, a success and an error message for every SPEC §7 event', () => {
    expect(Object.keys(frameEvents)).toEqual(
      expect.arrayContaining([
        'CONNECT_EMAIL',
        'CONNECT_DEVICE',
        'CONNECT_OTP',
        'CONNECT_SOCIAL',
        'CONNECT_FARCASTER',
        'GET_USER',
        'SWITCH_NETWORK',
        'SIGN_OUT',
        'IS_CONNECTED',
        'GET_CHAIN_ID',
        'RPC_REQUEST',
        'UPDATE_EMAIL',
        'UPDATE_EMAIL_PRIMARY_OTP',
        'UPDATE_EMAIL_SECONDARY_OTP',
        'SYNC_THEME',
        'SYNC_DAPP_DATA',
        'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
        'SET_PREFERRED_ACCOUNT',
        'RELOAD',
      ]),
    )
  })

  it('accepts a valid request and names its event', () => {
    const parsed = parseAppMessage({
      type: appMessageType('CONNECT_EMAIL'),
      id: 'a1',
      payload: { email: ' ada@example.com ' },
    })
    expect(parsed?.name).toBe('CONNECT_EMAIL')
    expect(parsed?.message.payload).toEqual({ email: 'ada@example.com' })
  })

  it('rejects requests without an id, with an unknown type or an invalid payload', () => {
    expect(parseAppMessage({ type: appMessageType('GET_CHAIN_ID'), payload: {} })).toBeNull()
    expect(parseAppMessage({ type: '@foyer-app/STEAL_KEYS', id: '1', payload: {} })).toBeNull()
    expect(
      parseAppMessage({ type: frameSuccessType('GET_CHAIN_ID'), id: '1', payload: {} }),
    ).toBeNull()
    expect(
      parseAppMessage({
        type: appMessageType('CONNECT_EMAIL'),
        id: '1',
        payload: { email: 'nope' },
      }),
    ).toBeNull()
    expect(
      parseAppMessage({ type: appMessageType('CONNECT_OTP'), id: '1', payload: { otp: 12345 } }),
    ).toBeNull()
    expect(
      parseAppMessage({
        type: appMessageType('SYNC_THEME'),
        id: '1',
        payload: { themeMode: 'blue' },
      }),
    ).toBeNull()
  })

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        expect(() => parseAppMessage(data)).not.toThrow()
        expect(() => parseFrameReply(data)).not.toThrow()
      }),
    )
  })

  it('parses success and error replies by their event name', () => {
    expect(
      parseFrameReply({ type: frameSuccessType('GET_CHAIN_ID'), id: 'x', payload: { chainId: 1 } }),
    ).toEqual({ kind: 'success', name: 'GET_CHAIN_ID', id: 'x', payload: { chainId: 1 } })
    expect(
      parseFrameReply({
        type: frameErrorType('RPC_REQUEST'),
        id: 'x',
        payload: { message: 'User rejected', code: 4001 },
      }),
    ).toEqual({
      kind: 'error',
      name: 'RPC_REQUEST',
      id: 'x',
      payload: { message: 'User rejected', code: 4001 },
    })
    expect(
      parseFrameReply({ type: frameSuccessType('GET_CHAIN_ID'), id: 'x', payload: {} }),
    ).toBeNull()
  })
})
