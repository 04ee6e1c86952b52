import type { TestWallet } from '@foyer/test-wallets'

declare global {
  interface Window {
    /** The demo's injected test wallet (`?testWallet=1`). */
    foyerTestWallet?: TestWallet
  }
}
