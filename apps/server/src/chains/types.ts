import type { Address, PublicClient } from 'viem'
import type { SmartAccountContracts } from './smartAccounts.ts'

export type ChainToken = { address: Address; symbol: string; name: string; decimals: number }

export type UniswapV2Pricing = {
  kind: 'uniswap-v2'
  /** The USD-like token every price is discovered against (valued at exactly 1 USD). */
  usdToken: Address
  /** Wrapped native token: the native currency is priced as this token. */
  wrappedNative: Address
  pools: { address: Address; token0: Address; token1: Address }[]
}

/** A Uniswap V2 deployment (or fork) that swaps route through. */
export type UniswapV2Swap = {
  kind: 'uniswap-v2'
  router: Address
  factory: Address
  /** The router's WETH: the native currency goes in and out through it. */
  wrappedNative: Address
}

/** A network the server answers balance, price, history and identity calls for. */
export type ChainConfig = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Tokens whose balances are reported. */
  tokens: ChainToken[]
  /** Multicall3 address when the chain has it; balances are then read in one call. */
  multicall3?: Address | undefined
  /** ENS UniversalResolver when the network has ENS. */
  ensUniversalResolver?: Address | undefined
  /** On-chain price discovery; without it prices come from the configured price provider. */
  pricing?: UniswapV2Pricing | undefined
  /** Where swaps route (the convert API); without it the network has no swaps. */
  swap?: UniswapV2Swap | undefined
  /** Whether to index this chain's history, and from which block (default: 0, or latest). */
  indexer?: { enabled: boolean; startBlock?: bigint | 'latest' | undefined } | undefined
  /** Wrapped-native address for provider lookups of the native price. */
  wrappedNative?: Address | undefined
  /** Public networks have many blocks: indexing them needs explicit opt-in. */
  testnet?: boolean | undefined
  /**
   * ERC-4337 v0.7 and the Delegation Framework on this network when not at the canonical
   * addresses (or known to be there, as on the devnet): what smart accounts are made with.
   */
  accountAbstraction?: SmartAccountContracts | undefined
}

export type ChainRuntime = { config: ChainConfig; client: PublicClient }

/** An SPL token listed for a Solana network; `mint` is its base58 mint address. */
export type SolanaChainToken = { mint: string; symbol: string; name: string; decimals: number }

/** A Solana network the server answers balance calls for, through its JSON-RPC. */
export type SolanaChainConfig = {
  /** `solana:` + the first 32 characters of the genesis hash (CAIP-2). */
  caipNetworkId: `solana:${string}`
  name: string
  rpcUrl: string
  /** SPL tokens whose balances are reported (others the owner holds are not). */
  tokens: SolanaChainToken[]
}

/** A Bitcoin network the server answers balance and history calls for, through its Esplora API. */
export type BitcoinChainConfig = {
  /** `bip122:` + the first 32 hex characters of the genesis block hash (CAIP-2). */
  caipNetworkId: `bip122:${string}`
  name: string
  /** Esplora REST base URL (mempool.space, blockstream.info, electrs), e.g. `https://mempool.space/api`. */
  esploraUrl: string
}
