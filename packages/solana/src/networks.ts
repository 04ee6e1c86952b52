import type { CaipNetwork } from '@foyer/core'
import { solana, solanaDevnet, solanaTestnet } from '@foyer/core/networks'

/**
 * Genesis hash of the local LiteSVM cluster (`@foyer/devnet`'s `startSolanaDevnet`). LiteSVM starts
 * from a fixed blockhash, so the local cluster has a stable CAIP-2 id across restarts.
 */
export const SOLANA_LOCALNET_GENESIS_HASH = 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky'

export type CreateSolanaLocalnetParameters = {
  /** Default `http://127.0.0.1:8899`. */
  rpcUrl?: string | undefined
  /** Default: the RPC URL with `ws:` (the local devnet serves both on one port). */
  wsUrl?: string | undefined
  /** Default {@link SOLANA_LOCALNET_GENESIS_HASH}; CAIP-2 keeps its first 32 characters. */
  genesisHash?: string | undefined
  name?: string | undefined
}

/**
 * A local Solana cluster as a Foyer network, e.g. the devnet on an OS-assigned port in tests; a
 * devnet description (`rpcUrl`, `wsUrl`, `genesisHash`) can be passed as is.
 */
export function createSolanaLocalnet(parameters: CreateSolanaLocalnetParameters = {}): CaipNetwork {
  const {
    rpcUrl = 'http://127.0.0.1:8899',
    genesisHash = SOLANA_LOCALNET_GENESIS_HASH,
    name = 'Solana Localnet',
  } = parameters
  const wsUrl = parameters.wsUrl ?? rpcUrl.replace(/^http/, 'ws')
  const id = genesisHash.slice(0, 32)
  return {
    id,
    name,
    chainNamespace: 'solana',
    caipNetworkId: `solana:${id}`,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl], webSocket: [wsUrl] } },
    testnet: true,
  }
}

/** The local LiteSVM cluster on its default port: `http://127.0.0.1:8899`, WebSocket on the same port. */
export const solanaLocalnet: CaipNetwork = createSolanaLocalnet()

/** Wallet-standard chain identifiers (`solana:mainnet`, …), as wallets list them in `chains`. */
export type SolanaWalletChain =
  | 'solana:mainnet'
  | 'solana:devnet'
  | 'solana:testnet'
  | 'solana:localnet'

const walletChainByReference: Record<string, SolanaWalletChain> = {
  [String(solana.id)]: 'solana:mainnet',
  [String(solanaDevnet.id)]: 'solana:devnet',
  [String(solanaTestnet.id)]: 'solana:testnet',
}

/**
 * The wallet-standard chain of a Foyer network. Wallet-standard names only the public clusters, so
 * every other cluster (a local one, whatever its genesis hash) is `solana:localnet`.
 */
export function toWalletStandardChain(network: CaipNetwork): SolanaWalletChain {
  return walletChainByReference[String(network.id)] ?? 'solana:localnet'
}
