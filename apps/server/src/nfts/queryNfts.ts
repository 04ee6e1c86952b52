import { type Nft, nftPageSize } from '@foyer/protocol'
import type { Kysely } from 'kysely'
import type { Address } from 'viem'
import type { ChainRuntime } from '../chains/types.ts'
import type { Database } from '../db/schema.ts'
import { InvalidInputError } from '../errors.ts'
import type { NftMetadata } from './readNftMetadata.ts'

type Position = [chainId: number, contract: string, tokenId: string]

export function encodeNftCursor(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url')
}

export function decodeNftCursor(cursor: string): Position {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isInteger(value[0]) &&
      /^0x[0-9a-f]{40}$/.test(String(value[1])) &&
      /^\d{1,78}$/.test(String(value[2]))
    )
      return [value[0] as number, String(value[1]), String(value[2])]
  } catch {}
  throw new InvalidInputError('cursor: cursor is not a cursor this server issued', 'cursor')
}

export type QueryNftsParameters = {
  db: Kysely<Database>
  owner: string
  chains: readonly ChainRuntime[]
  cursor?: string | undefined
  limit?: number | undefined
  /** Metadata of one token (the caller caches it). */
  readMetadata: (chain: ChainRuntime, contract: Address, tokenId: bigint) => Promise<NftMetadata>
}

/** ERC-721 tokens an account owns on the given chains, ordered by network, contract and id. */
export async function queryNfts(
  parameters: QueryNftsParameters,
): Promise<{ data: Nft[]; next: string | null }> {
  const { db, chains, readMetadata } = parameters
  const limit = parameters.limit ?? nftPageSize
  if (chains.length === 0) return { data: [], next: null }
  const after = parameters.cursor ? decodeNftCursor(parameters.cursor) : undefined
  let query = db
    .selectFrom('nft_tokens')
    .select(['chain_id', 'contract', 'token_id'])
    .where('owner', '=', parameters.owner.toLowerCase())
    .where(
      'chain_id',
      'in',
      chains.map((chain) => chain.config.chainId),
    )
    .orderBy('chain_id')
    .orderBy('contract')
    .orderBy('token_id')
    .limit(limit + 1)
  if (after)
    query = query.where((eb) =>
      eb(
        eb.refTuple('chain_id', 'contract', 'token_id'),
        '>',
        eb.tuple(after[0], after[1], after[2]),
      ),
    )
  const rows = await query.execute()
  const page = rows.slice(0, limit)
  const data = await Promise.all(
    page.map(async (row): Promise<Nft> => {
      const chain = chains.find((candidate) => candidate.config.chainId === row.chain_id)!
      const tokenId = String(row.token_id)
      const metadata = await readMetadata(chain, row.contract as Address, BigInt(tokenId))
      return {
        chainId: `eip155:${row.chain_id}`,
        contract: row.contract,
        tokenId,
        collection: metadata.collection,
        name: metadata.name ?? `${metadata.collection.name ?? 'Token'} #${tokenId}`,
        description: metadata.description,
        imageUrl: metadata.imageUrl,
        attributes: metadata.attributes,
      }
    }),
  )
  const last = page[page.length - 1]
  return {
    data,
    next:
      rows.length > limit && last
        ? encodeNftCursor([last.chain_id, last.contract, String(last.token_id)])
        : null,
  }
}
