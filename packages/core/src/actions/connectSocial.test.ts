import { describe, expect, test, vi } from 'vitest'
import type { EmbeddedAuthConnector } from '../embedded/types.ts'
import { createTestFoyer } from '../test-utils.ts'
import type { Adapter } from '../types/connector.ts'
import { connectSocial, type SocialPopup, type SocialPopupHost } from './connectSocial.ts'

const SECURE_ORIGIN = 'http://frame.test'
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The embedded connector as far as social login needs it; the frame's side is modelled. */
function embeddedAdapter() {
  const calls: string[] = []
  let loggedIn = false
  const connector = {
    id: 'embedded',
    name: 'Email',
    type: 'auth',
    namespace: 'eip155',
    secureOrigin: SECURE_ORIGIN,
    async getSocialRedirectUri({ provider }: { provider: string }) {
      calls.push(`redirect:${provider}`)
      return { uri: `https://accounts.test/${provider}?state=s1` }
    },
    async connectSocial({ uri }: { uri: string }) {
      calls.push(`complete:${uri}`)
      loggedIn = true
      return { userName: 'Ada' }
    },
    async connect() {
      if (!loggedIn) throw new Error('not logged in')
      return {
        accounts: [{ address: ADDRESS, type: 'eoa' as const }],
        caipNetworkId: 'eip155:31337',
      }
    },
    connectEmail: async () => ({ action: 'VERIFY_OTP' as const }),
    async disconnect() {},
    getAccounts: async () => [],
    getCaipNetworkId: async () => 'eip155:31337',
    async switchNetwork() {},
    async request() {},
    on() {},
    off() {},
  } as unknown as EmbeddedAuthConnector
  const adapter: Adapter = {
    namespace: 'eip155',
    setup({ onConnectorsChange }) {
      onConnectorsChange([connector])
      return () => {}
    },
    getConnectors: () => [connector],
  }
  return { adapter, calls }
}

/** A window that opens popups and receives messages, as a browser tab does. */
function appWindow() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const popups: (SocialPopup & { features: string })[] = []
  const host: SocialPopupHost & { blocked: boolean } = {
    blocked: false,
    screenX: 100,
    screenY: 50,
    outerWidth: 1400,
    outerHeight: 1000,
    open(_url, _target, features) {
      if (host.blocked) return null
      const popup = {
        closed: false,
        close: () => {
          popup.closed = true
        },
        location: { href: '' },
        features,
      }
      popups.push(popup)
      return popup
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  }
  const post = (data: unknown, origin: string, source: unknown) => {
    for (const listener of [...listeners])
      listener({ data, origin, source } as unknown as MessageEvent)
  }
  return { host, popups, post, listeners }
}

const result = {
  type: '@foyer-frame/SOCIAL_RESULT',
  resultUri: `${SECURE_ORIGIN}/cb?state=s1&code=c`,
}

describe('connectSocial', () => {
  test('opens a 600×800 popup centred on the window, at the provider, and connects with its result', async () => {
    const { adapter, calls } = embeddedAdapter()
    const foyer = createTestFoyer({ adapters: [adapter] })
    const window = appWindow()
    const statuses: string[] = []
    const pending = connectSocial(foyer, {
      provider: 'google',
      window: window.host,
      onStatus: (status) => statuses.push(status),
    })
    // Opened synchronously, inside the click.
    expect(window.popups).toHaveLength(1)
    expect(window.popups[0]!.features).toBe('popup=yes,width=600,height=800,left=500,top=150')
    await vi.waitFor(() =>
      expect(window.popups[0]!.location.href).toBe('https://accounts.test/google?state=s1'),
    )
    // The popup stays open until the app has its result (it does not close itself first).
    expect(window.popups[0]!.closed).toBe(false)
    window.post(result, SECURE_ORIGIN, window.popups[0])
    const connected = await pending
    expect(window.popups[0]!.closed).toBe(true)
    expect(connected.address).toBe(ADDRESS)
    expect(connected.userName).toBe('Ada')
    expect(calls).toEqual(['redirect:google', `complete:${result.resultUri}`])
    expect(statuses).toEqual(['started', 'userDataRequested', 'success'])
    expect(foyer.getState().account.socialProvider).toBe('google')
    expect(window.listeners.size).toBe(0)
  })

  test('ignores a result posted from another origin or another window', async () => {
    const { adapter, calls } = embeddedAdapter()
    const foyer = createTestFoyer({ adapters: [adapter] })
    const window = appWindow()
    const pending = connectSocial(foyer, { provider: 'github', window: window.host })
    await vi.waitFor(() => expect(window.popups[0]!.location.href).not.toBe(''))
    // A page script of another origin, and a frame of the secure origin that is not the popup.
    window.post(result, 'http://evil.test', window.popups[0])
    window.post(result, SECURE_ORIGIN, {})
    window.post({ ...result, resultUri: 42 }, SECURE_ORIGIN, window.popups[0])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(calls).toEqual(['redirect:github'])
    window.post(result, SECURE_ORIGIN, window.popups[0])
    await pending
    expect(calls).toHaveLength(2)
  })

  test("fails with 'Popup closed' when the visitor closes the popup first", async () => {
    vi.useFakeTimers()
    try {
      const { adapter } = embeddedAdapter()
      const foyer = createTestFoyer({ adapters: [adapter] })
      const window = appWindow()
      const statuses: string[] = []
      const pending = connectSocial(foyer, {
        provider: 'discord',
        window: window.host,
        onStatus: (status) => statuses.push(status),
      })
      const outcome = pending.then(
        () => new Error('connected'),
        (error: Error) => error,
      )
      // Open for a while: nothing happens.
      await vi.advanceTimersByTimeAsync(5_000)
      expect(statuses).toEqual(['started'])
      // Closed: noticed within the 1 s poll.
      window.popups[0]!.closed = true
      await vi.advanceTimersByTimeAsync(1_000)
      expect((await outcome).message).toMatch(/^Popup closed/)
      expect(statuses).toEqual(['started', 'error'])
    } finally {
      vi.useRealTimers()
    }
  })

  test("fails with 'Failed to initiate social connection' when the browser blocks the popup", async () => {
    const { adapter, calls } = embeddedAdapter()
    const foyer = createTestFoyer({ adapters: [adapter] })
    const window = appWindow()
    window.host.blocked = true
    await expect(connectSocial(foyer, { provider: 'apple', window: window.host })).rejects.toThrow(
      'Failed to initiate social connection',
    )
    expect(calls).toEqual([])
  })

  test("needs the embedded wallet: 'No auth connector found'", async () => {
    const foyer = createTestFoyer()
    await expect(
      connectSocial(foyer, { provider: 'google', window: appWindow().host }),
    ).rejects.toThrow('No auth connector found')
  })
})
