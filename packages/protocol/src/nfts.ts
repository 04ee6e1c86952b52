import * as v from 'valibot'
import { caipNetworkIdSchema, evmAddressSchema, sdkQueryEntries } from './common.ts'

/** NFTs per page of `/v1/account/{address}/nfts`. */
export const nftPageSize = 50

// GET /v1/account/{address}/nfts
export const getNftsParams = v.object({ address: evmAddressSchema })
export type GetNftsParams = v.InferInput<typeof getNftsParams>
export const getNftsQuery = v.object({
  ...sdkQueryEntries,
  /** CAIP-2 network; all supported networks when absent. */
  chainId: v.optional(caipNetworkIdSchema),
  /** The `next` value of the previous page. */
  cursor: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{1,300}$/, 'cursor is not a cursor this server issued'),
    ),
  ),
})
export type GetNftsQuery = v.InferInput<typeof getNftsQuery>

/** One ERC-721 token the account owns, with the metadata its `tokenURI` points to. */
export const nft = v.object({
  /** CAIP-2 network. */
  chainId: v.string(),
  /** Collection contract (lowercase 0x address). */
  contract: v.string(),
  /** Token id as a decimal string. */
  tokenId: v.string(),
  collection: v.object({ name: v.nullable(v.string()), symbol: v.nullable(v.string()) }),
  /** Metadata name, or `collection name #id` when the metadata has none. */
  name: v.string(),
  description: v.nullable(v.string()),
  /** `https:`/`http:` URL or `data:image/…` URI; null when the metadata has no usable image. */
  imageUrl: v.nullable(v.string()),
  /** Metadata attributes as name/value pairs. */
  attributes: v.array(v.object({ trait: v.string(), value: v.string() })),
})
export type Nft = v.InferOutput<typeof nft>

export const getNftsResponse = v.object({
  data: v.array(nft),
  /** Cursor of the next page, null on the last page. */
  next: v.nullable(v.string()),
})
export type GetNftsResponse = v.InferOutput<typeof getNftsResponse>
