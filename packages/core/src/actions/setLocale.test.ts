import { describe, expect, it, vi } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import type { Adapter, Connector } from '../types/connector.ts'
import { connect } from './connect.ts'
import { getBalance } from './getBalance.ts'
import { setLocale } from './setLocale.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** One wallet holding 1,234,567.891234 ETH. */
function createWalletAdapter(): Adapter {
  const connector: Connector = {
    id: 'wallet',
    name: 'Wallet',
    type: 'announced',
    namespace: 'eip155',
    connect: async () => ({ accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:31337' }),
    async disconnect() {},
    getAccounts: async () => [{ address, type: 'eoa' }],
    getCaipNetworkId: async () => 'eip155:31337',
    async switchNetwork() {},
    async request() {},
    on() {},
    off() {},
  }
  return {
    namespace: 'eip155',
    setup: () => () => {},
    getConnectors: () => [connector],
    getBalance: async () => ({
      value: 1_234_567_891_234n * 10n ** 12n,
      decimals: 18,
      symbol: 'ETH',
    }),
  }
}

describe('locale of formatted balances', () => {
  it("formats the balance for 'en-US' by default", async () => {
    const foyer = createTestFoyer({ adapters: [createWalletAdapter()] })
    await connect(foyer, { connectorId: 'wallet' })
    expect(foyer.getState().locale).toBe('en-US')
    expect((await getBalance(foyer)).formatted).toBe('1,234,567.891')
  })

  it('formats the balance for the configured locale', async () => {
    const foyer = createTestFoyer({ adapters: [createWalletAdapter()], locale: 'de-DE' })
    await connect(foyer, { connectorId: 'wallet' })
    expect((await getBalance(foyer)).formatted).toBe('1.234.567,891')
    expect(foyer.getState().account.balance).toBe('1.234.567,891')
  })

  it('formats the balance on screen again when the locale changes', async () => {
    const foyer = createTestFoyer({ adapters: [createWalletAdapter()] })
    await connect(foyer, { connectorId: 'wallet' })
    await getBalance(foyer)
    setLocale(foyer, { locale: 'fr-FR' })
    expect(foyer.getState().locale).toBe('fr-FR')
    // French groups with a narrow no-break space and separates decimals with a comma.
    await vi.waitFor(() => expect(foyer.getState().account.balance).toBe('1\u202f234\u202f567,891'))
    expect((await getBalance(foyer)).formatted).toBe('1\u202f234\u202f567,891')
  })
})
