import { ConfigError } from '../errors.ts'
import type { ChainConfig } from './types.ts'

export type EnableIndexingParameters = {
  chains: readonly ChainConfig[]
  /** Chain ids whose history to index, e.g. public networks of `FOYER_RPC_URLS`. */
  chainIds: readonly number[]
}

/**
 * Turns the history indexer on for the listed chains. Public networks are off by default (they
 * have many blocks); a chain listed here is indexed from the block that is latest at its first
 * start unless its config names another start block. Listing a chain the server does not
 * serve is a configuration mistake.
 */
export function enableIndexing({ chains, chainIds }: EnableIndexingParameters): ChainConfig[] {
  const configured = new Set(chains.map((chain) => chain.chainId))
  const unknown = chainIds.filter((chainId) => !configured.has(chainId))
  if (unknown.length > 0) {
    throw new ConfigError(
      `Chain ${unknown.join(', ')} is listed for indexing (FOYER_INDEX_CHAINS) but no configured network serves it`,
    )
  }
  const listed = new Set(chainIds)
  return chains.map((chain) =>
    listed.has(chain.chainId) && !chain.indexer?.enabled
      ? { ...chain, indexer: { enabled: true, startBlock: chain.indexer?.startBlock ?? 'latest' } }
      : chain,
  )
}
