// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { announceTestWallet } from './announceTestWallet.ts'
import { createTestWallet } from './createTestWallet.ts'

describe('announceTestWallet', () => {
  it('announces over EIP-6963 and answers later requestProvider events until stopped', () => {
    const wallet = createTestWallet({
      accounts: [`0x${'1'.repeat(64)}`],
      chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1', name: 'Anvil' }],
    })
    const announced: {
      info: { name: string; rdns: string; icon: string; uuid: string }
      provider: unknown
    }[] = []
    const listener = (event: Event) => announced.push((event as CustomEvent).detail)
    window.addEventListener('eip6963:announceProvider', listener)
    const stop = announceTestWallet(wallet, window)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    stop()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', listener)

    expect(announced).toHaveLength(2)
    expect(announced[0]!.provider).toBe(wallet)
    expect(announced[0]!.info).toMatchObject({
      name: 'Foyer Test Wallet',
      rdns: 'dev.foyer.testwallet',
    })
    expect(announced[0]!.info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(announced[0]!.info.uuid).toMatch(/^[0-9a-f-]{36}$/)
  })
})
