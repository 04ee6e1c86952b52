import { type GetNftsResponse, routes } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { queryNfts } from '../nfts/queryNfts.ts'
import { type NftMetadata, readNftMetadata } from '../nfts/readNftMetadata.ts'
import { parseInput } from './parseInput.ts'

/** Token metadata rarely changes; a short cache keeps repeated listings off the RPC. */
export const nftMetadataCacheTtlMs = 5 * 60_000

export function registerNftRoutes(app: FastifyInstance): void {
  const { foyer } = app

  app.get(routes.getNfts.path, async (request): Promise<GetNftsResponse> => {
    const params = parseInput(routes.getNfts.params, request.params, 'params')
    const query = parseInput(routes.getNfts.query, request.query, 'query')
    await foyer.requireProject(request, query.projectId)
    // Holdings come from the indexer, so only indexed networks can answer (others: empty).
    const chains = foyer.chains.filter(
      (chain) =>
        chain.config.indexer?.enabled &&
        (query.chainId === undefined || `eip155:${chain.config.chainId}` === query.chainId),
    )
    return queryNfts({
      db: foyer.database.db,
      owner: params.address,
      chains,
      cursor: query.cursor,
      async readMetadata(chain, contract, tokenId) {
        const key = `nft:${chain.config.chainId}:${contract}:${tokenId}`
        const cached = await foyer.cache.get<NftMetadata>(key)
        if (cached) return cached
        const metadata = await readNftMetadata(chain, contract, tokenId)
        await foyer.cache.set(key, metadata, nftMetadataCacheTtlMs)
        return metadata
      },
    })
  })
}
