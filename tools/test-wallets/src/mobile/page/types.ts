import type { Address, Hex } from 'viem'

/** A chain of the local devnet, as the wallet needs it (a subset of `tools/devnet`'s JSON). */
export type MobileWalletChain = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined
}

export type MobileWalletAccount = { address: Address; privateKey: Hex }

/** A Solana dev account: its base58 address and 64 secret-key bytes (`solana-keygen` format). */
export type MobileWalletSolanaAccount = { address: string; secretKey: number[] }

/** The local Solana cluster (tools/devnet's LiteSVM RPC), when the devnet runs one. */
export type MobileWalletSolana = {
  rpcUrl: string
  /** CAIP-2 uses its first 32 characters: `solana:<genesisHash[0..32]>`. */
  genesisHash: string
  accounts: MobileWalletSolanaAccount[]
}

/** What the page is built with (`virtual:foyer-mobile-wallet`): no config request at run time. */
export type MobileWalletConfig = {
  devnet: {
    chains: MobileWalletChain[]
    accounts: MobileWalletAccount[]
    solana?: MobileWalletSolana | undefined
  }
  /** Used when the page has no `?relayUrl=`. */
  relayUrl: string
  projectId: string
}
