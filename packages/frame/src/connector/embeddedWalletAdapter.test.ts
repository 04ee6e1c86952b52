import {
  connectEmail,
  disconnect,
  reconnect,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
  verifyDevice,
  verifyOtp,
} from '@foyer/core'
import { toHex, verifyMessage, verifyTypedData } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEmbeddedTestWorld, type TestPage } from './createEmbeddedTestWorld.ts'

afterEach(() => {
  vi.useRealTimers()
})

async function logIn(
  world: ReturnType<typeof createEmbeddedTestWorld>,
  page: TestPage,
  email: string,
) {
  const { action } = await connectEmail(page.foyer, { email })
  if (action === 'VERIFY_DEVICE') {
    const approved = verifyDevice(page.foyer)
    world.server.approveDevice(email)
    await approved
  }
  return verifyOtp(page.foyer, { otp: world.lastCode(email) })
}

describe('embeddedWalletAdapter', () => {
  it('logs in by email and one-time code and connects the wallet address', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    // The frame is made only when the visitor picks email, never at page load.
    expect(page.appWindow.frames).toHaveLength(0)
    expect(page.foyer.getState().connectors.map((c) => [c.id, c.type])).toEqual([
      ['embedded', 'auth'],
    ])

    const { action } = await connectEmail(page.foyer, { email: 'ada@example.com' })
    expect(action).toBe('VERIFY_OTP')
    expect(page.appWindow.frames).toHaveLength(1)
    const result = await verifyOtp(page.foyer, { otp: world.lastCode('ada@example.com') })

    const stored = [...world.server.database.values()][0]!
    expect(result.address).toBe(stored.addresses.eip155)
    expect(result.caipNetworkId).toBe('eip155:31337')
    const state = page.foyer.getState()
    expect(state.status).toBe('connected')
    expect(state.account.address).toBe(stored.addresses.eip155)
    expect(state.account.user?.accounts).toEqual([{ address: result.address, type: 'eoa' }])
    expect(page.adapter.connector.getEmail()).toBe('ada@example.com')
  })

  it('rejects a wrong code with the server message and stays disconnected', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await connectEmail(page.foyer, { email: 'wrong@example.com' })
    const code = world.lastCode('wrong@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    await expect(verifyOtp(page.foyer, { otp: wrong })).rejects.toThrow('Invalid code')
    expect(page.foyer.getState().status).toBe('disconnected')
  })

  it('reconnects silently after a reload of the page', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const first = world.openPage(profile)
    const { address } = await logIn(world, first, 'reload@example.com')

    const reloaded = world.openPage(profile)
    expect(reloaded.appWindow.frames).toHaveLength(0)
    const restored = await reconnect(reloaded.foyer)
    expect(restored.map((connection) => connection.connectorId)).toEqual(['embedded'])
    expect(reloaded.foyer.getState().account.address).toBe(address)
    expect(reloaded.foyer.getState().status).toBe('connected')
  })

  it('asks a new device for approval by email, then gives it the same address', async () => {
    const world = createEmbeddedTestWorld()
    const { address } = await logIn(world, world.openPage(world.createProfile()), 'two@example.com')
    const second = world.openPage(world.createProfile())
    expect((await connectEmail(second.foyer, { email: 'two@example.com' })).action).toBe(
      'VERIFY_DEVICE',
    )
    const approved = verifyDevice(second.foyer)
    world.server.approveDevice('two@example.com')
    await approved
    const result = await verifyOtp(second.foyer, { otp: world.lastCode('two@example.com') })
    expect(result.address).toBe(address)
  })

  it('signs messages and typed data that viem verifies', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    const { address } = await logIn(world, page, 'sign@example.com')
    const connector = page.adapter.connector

    const signature = await connector.request({
      method: 'personal_sign',
      params: [toHex('hello foyer'), address],
    })
    expect(
      await verifyMessage({
        address: address as `0x${string}`,
        message: 'hello foyer',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    const viaAbility = await connector.signMessage!({ message: 'second', address })
    expect(
      await verifyMessage({
        address: address as `0x${string}`,
        message: 'second',
        signature: viaAbility as `0x${string}`,
      }),
    ).toBe(true)

    const typedData = {
      domain: { name: 'Foyer', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const typedSignature = await connector.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    expect(
      await verifyTypedData({
        ...typedData,
        address: address as `0x${string}`,
        signature: typedSignature as `0x${string}`,
      }),
    ).toBe(true)
    expect(await connector.request({ method: 'eth_accounts' })).toEqual([address])
    expect(await connector.request({ method: 'eth_chainId' })).toBe(toHex(31337))
  })

  it('signs out within 3 s when the frame no longer answers, and forgets the login', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const page = world.openPage(profile)
    await logIn(world, page, 'bye@example.com')
    page.killFrame()

    vi.useFakeTimers()
    let settled = false
    const signingOut = disconnect(page.foyer).then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(2_900)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(100)
    await signingOut
    expect(settled).toBe(true)
    vi.useRealTimers()

    expect(page.foyer.getState().status).toBe('disconnected')
    expect(page.foyer.getState().account.address).toBeUndefined()
    expect(page.adapter.connector.getEmail()).toBeUndefined()
    // The stopped frame was dropped: no late 'Embedded Wallet Request Timed Out' follows.
    expect(page.foyer.getState().alerts).toEqual([])
  })

  it('signs out while the server is unreachable and is disconnected after a reload', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const page = world.openPage(profile)
    await logIn(world, page, 'offline@example.com')
    world.server.setReachable(false)
    await disconnect(page.foyer)
    expect(page.foyer.getState().status).toBe('disconnected')
    world.server.setReachable(true)
    const reloaded = world.openPage(profile)
    expect(await reconnect(reloaded.foyer)).toEqual([])
  })

  it('changes the email with a code to the current and then to the new address', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await logIn(world, page, 'old@example.com')

    expect(await updateEmail(page.foyer, { email: 'new@example.com' })).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
      email: 'new@example.com',
    })
    expect(
      await updateEmailPrimaryOtp(page.foyer, { otp: world.lastCode('old@example.com', 'update') }),
    ).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(
      await updateEmailSecondaryOtp(page.foyer, {
        otp: world.lastCode('new@example.com', 'update'),
      }),
    ).toEqual({ email: 'new@example.com' })
    expect(page.adapter.connector.getEmail()).toBe('new@example.com')
    // The last-login time was cleared: a new email login is not held back by the cooldown.
    await expect(connectEmail(page.foyer, { email: 'new@example.com' })).resolves.toMatchObject({
      action: 'VERIFY_OTP',
    })
  })

  it('refuses an email change unless connected through the embedded wallet', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await expect(updateEmail(page.foyer, { email: 'new@example.com' })).rejects.toThrow(
      'Not connected to email or social',
    )
    await expect(updateEmailPrimaryOtp(page.foyer, { otp: '123456' })).rejects.toThrow(
      'Not connected to email or social',
    )
  })

  it('allows one email login per 30 s: "Please try again after {n} seconds"', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await connectEmail(page.foyer, { email: 'wait@example.com' })
    vi.setSystemTime(new Date('2026-01-01T00:00:12Z'))
    await expect(connectEmail(page.foyer, { email: 'wait@example.com' })).rejects.toThrow(
      'Please try again after 18 seconds',
    )
    vi.setSystemTime(new Date('2026-01-01T00:00:30Z'))
    await expect(connectEmail(page.foyer, { email: 'wait@example.com' })).resolves.toMatchObject({
      action: 'VERIFY_OTP',
    })
  })

  it('rejects an invalid email before loading the frame', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await expect(connectEmail(page.foyer, { email: 'not-an-email' })).rejects.toThrow(
      'Enter a valid email address',
    )
    expect(page.appWindow.frames).toHaveLength(0)
  })

  it('shows "Network Error - Could not load embedded wallet" when the frame never loads', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile(), {
      frameUrl: 'http://127.0.0.1:4499/embedded/frame',
      timeouts: { load: 20 },
    })
    await expect(connectEmail(page.foyer, { email: 'down@example.com' })).rejects.toThrow(
      'Network Error - Could not load embedded wallet',
    )
    expect(page.foyer.getState().alerts.map((alert) => alert.shortMessage)).toEqual([
      'Network Error - Could not load embedded wallet',
    ])
  })
})
