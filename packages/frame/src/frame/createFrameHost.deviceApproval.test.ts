/**
 * The wait of a new device for another device's approval ends at its deadline (the frame's
 * `deviceApprovalTimeoutMs`): asked at each interval before it, never at or after it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFrameHostHarness } from '../test-utils/createFrameHostHarness.ts'
import { createMemoryAuthServer } from '../test-utils/createMemoryAuthServer.ts'
import type { AuthApi } from './authApi.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('createFrameHost: the deadline of a device approval', () => {
  it('stops asking at its deadline: no check at the moment the wait runs out', async () => {
    const server = createMemoryAuthServer()
    await createFrameHostHarness({ server }).loginByEmail('lee@example.com')
    const api = server.connect()
    const checkedAt: number[] = []
    const authApi: AuthApi = {
      ...api,
      checkDeviceApproval: async (body) => {
        checkedAt.push(Date.now())
        return api.checkDeviceApproval(body)
      },
    }
    const second = createFrameHostHarness({
      server,
      authApi,
      devicePollIntervalMs: 1_000,
      deviceApprovalTimeoutMs: 2_000,
    })
    await second.call('CONNECT_EMAIL', { email: 'lee@example.com' })
    await second.call('CONNECT_OTP', { otp: second.lastOtp('lee@example.com') })
    vi.useFakeTimers()
    const started = Date.now()
    const answer = second.failure('CONNECT_DEVICE', {})
    await vi.advanceTimersByTimeAsync(2_000)
    // Asked at 0 and 1 s; at 2 s the wait is over, so it ends without asking again.
    expect(checkedAt.map((time) => time - started)).toEqual([0, 1_000])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await answer).toEqual({ message: 'Failed to connect' })
  })
})
