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
    // So viem's ENS actions (getEnsName, getEnsAvatar, …) work on the devnet without arguments.
    ...(chain.contracts.ensUniversalResolver
      ? { contracts: { ensUniversalResolver: { address: chain.contracts.ensUniversalResolver } } }
      : {}),
    testnet: true,
  })
}
