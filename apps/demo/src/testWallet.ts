import * as world from 'virtual:foyer-world'
import { announceTestWallet, createTestWallet, type TestWallet } from '@foyer/test-wallets'

declare global {
  interface Window {
    foyerTestWallet?: TestWallet
  }
}

/**
 * Injects the Foyer Test Wallet (EIP-6963) when the page is opened with `?testWallet=1`. Loaded
 * with `import()` so a normal visit never downloads it. `window.foyerTestWallet` lets people and
 * end-to-end tests change its behaviour (approve or reject, unknown chains).
 */
export function injectTestWallet(): TestWallet {
  const wallet = createTestWallet({
    accounts: world.accounts.map((account) => account.privateKey),
    chains: world.chains.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      name: chain.name,
    })) as [{ chainId: number; rpcUrl: string; name: string }],
    storage: window.localStorage,
  })
  announceTestWallet(wallet, window)
  window.foyerTestWallet = wallet
  return wallet
}
