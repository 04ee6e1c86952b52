import type { TestWallet } from '@foyer/test-wallets'
import type { SolanaTestWallet } from '@foyer/test-wallets/solana'

declare global {
  interface Window {
    /** The demo's injected test wallet (`?testWallet=1`). */
    foyerTestWallet?: TestWallet
    /** The demo's Solana test wallet (`?testWallet=1`). */
    foyerSolanaTestWallet?: SolanaTestWallet
  }
}
