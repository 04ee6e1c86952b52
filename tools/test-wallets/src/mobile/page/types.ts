import type { Address, Hex } from 'viem'

/** A chain of the local devnet, as the wallet needs it (a subset of `tools/devnet`'s JSON). */
export type MobileWalletChain = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined
}

export type MobileWalletAccount = { address: Address; privateKey: Hex }

/** What the page is built with (`virtual:foyer-mobile-wallet`): no config request at run time. */
export type MobileWalletConfig = {
  devnet: { chains: MobileWalletChain[]; accounts: MobileWalletAccount[] }
  /** Used when the page has no `?relayUrl=`. */
  relayUrl: string
  projectId: string
}
