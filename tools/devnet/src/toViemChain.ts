import { type Chain, defineChain } from 'viem'
import type { DevnetChain } from './types.ts'

export type ToViemChainReturnType = Chain

/** The viem `Chain` for a devnet chain, for `createPublicClient({ chain })` and friends. */
export function toViemChain(chain: DevnetChain): ToViemChainReturnType {
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  })
}
