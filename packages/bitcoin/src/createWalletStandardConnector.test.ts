import { createBitcoinTestWallet } from '@foyer/test-wallets/bitcoin'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { createWalletStandardConnector } from './createWalletStandardConnector.ts'
import { bitcoinRegtest } from './networks.ts'

/** The test wallet's wallet-standard face, listing its accounts ordinals first and without `purpose`. */
function unlabelledWallet() {
  const wallet = createBitcoinTestWallet()
  const strip = ({ purpose: _, ...account }: WalletAccount & { purpose?: string }) => account
  const standard = {
    ...wallet.standard,
    get accounts() {
      return [...wallet.standard.accounts].reverse().map(strip)
    },
  } as Wallet
  return { wallet, standard }
}

describe('createWalletStandardConnector', () => {
  it('tells payment from ordinals by address type when the wallet does not say (Taproot is ordinals)', async () => {
    const { wallet, standard } = unlabelledWallet()
    const connector = createWalletStandardConnector({
      wallet: standard,
      networks: [bitcoinRegtest],
    })
    expect(await connector.getAccounts()).toEqual([])
    await wallet.standard.features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] })
    expect(await connector.getAccounts()).toEqual([
      { address: wallet.payment.address, type: 'payment' },
      { address: wallet.ordinal.address, type: 'ordinal' },
    ])
    expect(connector.getWalletAccounts()).toEqual([
      { address: wallet.ordinal.address, purpose: 'ordinals', publicKey: wallet.ordinal.publicKey },
      { address: wallet.payment.address, purpose: 'payment', publicKey: wallet.payment.publicKey },
    ])
  })

  it('refuses requests the wallet standard has no method for', async () => {
    const { standard } = unlabelledWallet()
    const connector = createWalletStandardConnector({
      wallet: standard,
      networks: [bitcoinRegtest],
    })
    await expect(connector.request({ method: 'getBalance' })).rejects.toMatchObject({
      name: 'MethodNotSupportedError',
      code: 4200,
    })
  })
})
