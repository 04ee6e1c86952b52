// @vitest-environment happy-dom
import { getWallets } from '@wallet-standard/app'
import { describe, expect, it } from 'vitest'
import { BITCOIN_TEST_WALLET_ICON } from './icon.ts'
import { registerBitcoinTestWallet } from './registerBitcoinTestWallet.ts'

type Page = Window & {
  btc_providers?: { id: string; name: string; icon: string }[]
  FoyerTestWallet?: { BitcoinProvider?: unknown }
}

describe('registerBitcoinTestWallet', () => {
  it('injects the provider at its path, lists it in btc_providers and registers with the wallet standard', () => {
    const page = window as Page
    const { wallet, unregister } = registerBitcoinTestWallet(window)
    expect(page.btc_providers).toEqual([
      expect.objectContaining({
        id: 'FoyerTestWallet.BitcoinProvider',
        name: 'Foyer Test Wallet',
        icon: BITCOIN_TEST_WALLET_ICON,
      }),
    ])
    expect(page.FoyerTestWallet?.BitcoinProvider).toBe(wallet.provider)
    expect(getWallets().get()).toContain(wallet.standard)
    expect(BITCOIN_TEST_WALLET_ICON).toMatch(/^data:image\/svg\+xml;base64,/)

    unregister()
    expect(page.btc_providers).toEqual([])
    expect(page.FoyerTestWallet?.BitcoinProvider).toBeUndefined()
    expect(getWallets().get()).not.toContain(wallet.standard)
  })

  it('keeps providers other wallets listed', () => {
    const page = window as Page
    page.btc_providers = [{ id: 'XverseProviders.BitcoinProvider', name: 'Xverse', icon: '' }]
    const { unregister } = registerBitcoinTestWallet(window, { walletStandard: false })
    expect(page.btc_providers.map((entry) => entry.name)).toEqual(['Xverse', 'Foyer Test Wallet'])
    unregister()
    expect(page.btc_providers.map((entry) => entry.name)).toEqual(['Xverse'])
  })
})
