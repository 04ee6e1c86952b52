import { type Chain, createPublicClient, http, type PublicClient } from 'viem'
import type { ChainConfig, ChainRuntime } from './types.ts'

export type CreateChainRuntimeParameters = { config: ChainConfig; timeoutMs?: number }

/**
 * A viem client for one network. Concurrent calls are sent as one JSON-RPC batch, which is how
 * reads are batched on chains without Multicall3 (anvil has none by default).
 */
export function createChainRuntime({
  config,
  timeoutMs = 10_000,
}: CreateChainRuntimeParameters): ChainRuntime {
  const contracts: Chain['contracts'] = {}
  if (config.multicall3) contracts.multicall3 = { address: config.multicall3 }
  if (config.ensUniversalResolver)
    contracts.ensUniversalResolver = { address: config.ensUniversalResolver }
  const chain: Chain = {
    id: config.chainId,
    name: config.name,
    nativeCurrency: config.nativeCurrency,
    rpcUrls: { default: { http: [config.rpcUrl] } },
    contracts,
  }
  const client = createPublicClient({
    chain,
    transport: http(config.rpcUrl, {
      batch: { batchSize: 200, wait: 0 },
      timeout: timeoutMs,
      retryCount: 1,
    }),
  }) as PublicClient
  return { config, client }
}
