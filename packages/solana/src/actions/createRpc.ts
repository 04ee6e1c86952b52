import type { CaipNetwork } from '@foyer/core'
import { createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit'

export type CreateRpcParameters = { network: CaipNetwork }
export type CreateRpcReturnType = Rpc<SolanaRpcApi>

/** A `@solana/kit` RPC client for a network's first HTTP URL. */
export function createRpc({ network }: CreateRpcParameters): CreateRpcReturnType {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new TypeError(`${network.caipNetworkId} has no HTTP RPC URL.`)
  return createSolanaRpc(url)
}
