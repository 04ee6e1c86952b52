import type { TestWallet } from '@foyer/test-wallets'
import type { BitcoinTestWallet } from '@foyer/test-wallets/bitcoin'
import type { CosmosTestWallet } from '@foyer/test-wallets/cosmos'
import type { PolkadotTestWallet } from '@foyer/test-wallets/polkadot'
import type { SolanaTestWallet } from '@foyer/test-wallets/solana'

declare global {
  interface Window {
    /** The demo's injected test wallet (`?testWallet=1`). */
    foyerTestWallet?: TestWallet
    /** The demo's Solana test wallet (`?testWallet=1`). */
    foyerSolanaTestWallet?: SolanaTestWallet
    /** The demo's Xverse-style Bitcoin test wallet (`?testWallet=1`). */
    foyerBitcoinTestWallet?: BitcoinTestWallet
    /** The demo's Keplr-style Cosmos test wallet (`?testWallet=1`). */
    foyerCosmosTestWallet?: CosmosTestWallet
    /** The demo's polkadot-js-style test wallet (`?testWallet=1`). */
    foyerPolkadotTestWallet?: PolkadotTestWallet
  }
}
