import { describe, expect, it } from 'vitest'
import { reportOnlineForLoopbackRelay } from './reportOnlineForLoopbackRelay.ts'

/** A navigator as Chromium has it on a host with only loopback: `onLine` false, on the prototype. */
function createOfflineNavigator(): { readonly onLine: boolean } {
  class OfflineNavigator {
    get onLine() {
      return false
    }
  }
  return new OfflineNavigator()
}

describe('reportOnlineForLoopbackRelay', () => {
  it('reports online for a relay on loopback, though the host has no other interface', () => {
    for (const relayUrl of ['ws://127.0.0.1:4402', 'ws://localhost:4402', 'ws://[::1]:4402']) {
      const target = createOfflineNavigator()
      expect(reportOnlineForLoopbackRelay({ target, relayUrl })).toBe(true)
      expect(target.onLine).toBe(true)
    }
  })

  it("keeps the browser's answer for a relay elsewhere, or a URL that cannot be read", () => {
    for (const relayUrl of ['wss://relay.walletconnect.org', 'ws://10.0.0.2:4402', 'not a url']) {
      const target = createOfflineNavigator()
      expect(reportOnlineForLoopbackRelay({ target, relayUrl })).toBe(false)
      expect(target.onLine).toBe(false)
    }
  })
})
