/** Chain namespaces of SPEC §3, as used in CAIP-2 ids. */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** `namespace:reference`, e.g. `eip155:31337` (CAIP-2). */
export type CaipNetworkId = `${ChainNamespace}:${string}`
/** `namespace:reference:address`, e.g. `eip155:1:0xab…` (CAIP-10). */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export type NativeCurrency = { name: string; symbol: string; decimals: number }

export type RpcUrls = { http: readonly string[]; webSocket?: readonly string[] | undefined }

export type BlockExplorer = { name: string; url: string; apiUrl?: string | undefined }

/**
 * A network Foyer knows how to show and switch to (SPEC §3). Shaped like a viem `Chain` so an EVM
 * adapter can hand it to viem unchanged.
 */
export type CaipNetwork = {
  /** Chain reference: a number for eip155, a string (genesis hash prefix) elsewhere. */
  id: number | string
  name: string
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  nativeCurrency: NativeCurrency
  rpcUrls: { default: RpcUrls; [key: string]: RpcUrls }
  blockExplorers?: { default: BlockExplorer; [key: string]: BlockExplorer } | undefined
  testnet?: boolean | undefined
}

/** The structural subset of a viem `Chain` that `createFoyer` accepts in `networks`. */
export type ChainDefinition = {
  id: number
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: RpcUrls; [key: string]: RpcUrls }
  blockExplorers?: { default: BlockExplorer; [key: string]: BlockExplorer } | undefined
  testnet?: boolean | undefined
}

/**
 * Anything `createFoyer({ networks })` accepts: a CaipNetwork (e.g. from `@foyer/core/networks`)
 * or a viem chain. Not a CAIP-2 id alone: the core keeps no table to resolve one from.
 */
export type NetworkInput = CaipNetwork | ChainDefinition
