import * as v from 'valibot'
import {
  accountAddressSchema,
  booleanParam,
  caipAddressSchema,
  caipNetworkIdSchema,
  evmAddressSchema,
  historyAccountSchema,
  projectIdSchema,
  sdkQueryEntries,
} from './common.ts'

// GET /v1/supported-chains
export const getSupportedChainsQuery = v.object({ ...sdkQueryEntries })
export type GetSupportedChainsQuery = v.InferInput<typeof getSupportedChainsQuery>
export const getSupportedChainsResponse = v.object({
  /** CAIP-2 ids of the networks this server answers balance, history and identity calls for. */
  http: v.array(v.string()),
  /** CAIP-2 ids with a websocket endpoint (none yet). */
  ws: v.array(v.string()),
})
export type GetSupportedChainsResponse = v.InferOutput<typeof getSupportedChainsResponse>

// GET /v1/identity/{address}
export const getIdentityParams = v.object({ address: evmAddressSchema })
export type GetIdentityParams = v.InferInput<typeof getIdentityParams>
export const getIdentityQuery = v.object({
  ...sdkQueryEntries,
  sender: v.optional(evmAddressSchema),
})
export type GetIdentityQuery = v.InferInput<typeof getIdentityQuery>
export const getIdentityResponse = v.object({
  name: v.nullable(v.string()),
  avatar: v.nullable(v.string()),
})
export type GetIdentityResponse = v.InferOutput<typeof getIdentityResponse>

// GET /v1/account/{account}/history
/** EVM accounts are answered from the server's index, Bitcoin ones from the network's Esplora API. */
export const getHistoryParams = v.object({ account: historyAccountSchema })
export type GetHistoryParams = v.InferInput<typeof getHistoryParams>
export const getHistoryQuery = v.object({
  ...sdkQueryEntries,
  /** The `next` value of the previous page. */
  cursor: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor is not a cursor this server issued'),
    ),
  ),
  /** CAIP-2 network; all supported networks when absent. */
  chainId: v.optional(caipNetworkIdSchema),
})
export type GetHistoryQuery = v.InferInput<typeof getHistoryQuery>

export const historyTransfer = v.object({
  /** Token metadata; native transfers carry the network's currency. */
  fungible_info: v.object({
    name: v.string(),
    symbol: v.string(),
    icon: v.object({ url: v.string() }),
  }),
  /** CAIP-10 token address; absent for the native currency. */
  address: v.optional(v.string()),
  direction: v.picklist(['in', 'out', 'self']),
  quantity: v.object({ numeric: v.string(), decimals: v.string() }),
  /** Who the value moved from and to (0x): for an ERC-20 these are not the transaction's ends. */
  sender: v.optional(v.string()),
  recipient: v.optional(v.string()),
})
export type HistoryTransfer = v.InferOutput<typeof historyTransfer>

export const historyTransaction = v.object({
  id: v.string(),
  metadata: v.object({
    operationType: v.picklist(['send', 'receive', 'trade', 'execute']),
    hash: v.string(),
    /** ISO 8601 time of the block. */
    minedAt: v.string(),
    sentFrom: v.string(),
    sentTo: v.string(),
    /** `pending`: in the mempool, not in a block yet (Bitcoin). */
    status: v.picklist(['confirmed', 'failed', 'pending']),
    /** The sender's nonce; 0 on networks without nonces (Bitcoin). */
    nonce: v.number(),
    /** CAIP-2 network. */
    chain: v.string(),
    /** Empty while pending. */
    blockNumber: v.string(),
  }),
  transfers: v.array(historyTransfer),
})
export type HistoryTransaction = v.InferOutput<typeof historyTransaction>

export const getHistoryResponse = v.object({
  /** Newest first. */
  data: v.array(historyTransaction),
  /** Cursor of the next (older) page, null on the last page. */
  next: v.nullable(v.string()),
})
export type GetHistoryResponse = v.InferOutput<typeof getHistoryResponse>

// GET /v1/account/{address}/balance
/**
 * EVM addresses are answered for eip155 networks, Solana addresses for solana networks, Bitcoin
 * addresses for bip122 networks.
 */
export const getBalanceParams = v.object({ address: accountAddressSchema })
export type GetBalanceParams = v.InferInput<typeof getBalanceParams>
export const getBalanceQuery = v.object({
  ...sdkQueryEntries,
  currency: v.optional(v.picklist(['usd'], 'currency must be usd'), 'usd'),
  /** CAIP-2 network; all supported networks when absent. */
  chainId: v.optional(caipNetworkIdSchema),
  /** Skip the 30 s balance cache. */
  forceUpdate: v.optional(booleanParam('forceUpdate'), false),
})
export type GetBalanceQuery = v.InferInput<typeof getBalanceQuery>

/**
 * Where a price comes from. `unavailable` means no price source is configured for the token's
 * network: price and value are then 0 and must not be shown as a real valuation.
 */
export const priceSources = ['onchain-pool', 'provider', 'unavailable'] as const
export const priceSourceSchema = v.picklist(priceSources)
export type PriceSource = v.InferOutput<typeof priceSourceSchema>

export const tokenBalance = v.object({
  name: v.string(),
  symbol: v.string(),
  /** CAIP-2 network. */
  chainId: v.string(),
  /** CAIP-10 token address; absent for the native currency. */
  address: v.optional(v.string()),
  /** quantity × price in USD. */
  value: v.number(),
  /** USD per whole token. */
  price: v.number(),
  priceSource: priceSourceSchema,
  quantity: v.object({
    decimals: v.string(),
    /** Amount in whole tokens as a decimal string (exact). */
    numeric: v.string(),
  }),
  iconUrl: v.string(),
})
export type TokenBalance = v.InferOutput<typeof tokenBalance>

export const getBalanceResponse = v.object({ balances: v.array(tokenBalance) })
export type GetBalanceResponse = v.InferOutput<typeof getBalanceResponse>

// POST /v1/fungible/price
/**
 * The project may come in the query (like every blockchain-API call) or in the body (SPEC §7), or
 * both when they agree; the server refuses a request with neither or with two different ones.
 */
export const postFungiblePriceQuery = v.object({
  ...sdkQueryEntries,
  projectId: v.optional(projectIdSchema),
})
export type PostFungiblePriceQuery = v.InferInput<typeof postFungiblePriceQuery>
export const postFungiblePriceBody = v.object({
  projectId: v.optional(projectIdSchema),
  currency: v.picklist(['usd'], 'currency must be usd'),
  /** CAIP-10 token addresses; `eip155:1:native` style ids are not supported, use the wrapped token. */
  addresses: v.pipe(
    v.array(caipAddressSchema, 'addresses must be an array'),
    v.minLength(1, 'addresses is empty'),
    v.maxLength(100, 'addresses holds at most 100 entries'),
  ),
})
export type PostFungiblePriceBody = v.InferInput<typeof postFungiblePriceBody>
export const fungiblePrice = v.object({
  /** CAIP-10 token address as requested. */
  address: v.string(),
  name: v.string(),
  symbol: v.string(),
  iconUrl: v.string(),
  price: v.number(),
  priceSource: priceSourceSchema,
})
export type FungiblePrice = v.InferOutput<typeof fungiblePrice>
export const postFungiblePriceResponse = v.object({ fungibles: v.array(fungiblePrice) })
export type PostFungiblePriceResponse = v.InferOutput<typeof postFungiblePriceResponse>

export const nameSchema = v.pipe(
  v.string('name must be a string'),
  v.minLength(1, 'name is required'),
  v.maxLength(255, 'name is too long'),
  v.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i, 'name may contain letters, digits, "-" and "."'),
)

export const nameProfile = v.object({
  name: v.string(),
  /** Unix milliseconds. */
  registered: v.number(),
  updated: v.number(),
  /** Keyed by SLIP-44 / ENSIP-11 coin type ("60" for Ethereum). */
  addresses: v.record(v.string(), v.object({ address: v.string(), created: v.number() })),
  attributes: v.record(v.string(), v.string()),
  /** `ens` for names read from a network's ENS, `project` for the server's own names. */
  source: v.picklist(['ens', 'project']),
})
export type NameProfile = v.InferOutput<typeof nameProfile>

// GET /v1/profile/account/{name}
export const getProfileAccountParams = v.object({ name: nameSchema })
export type GetProfileAccountParams = v.InferInput<typeof getProfileAccountParams>
export const getProfileAccountQuery = v.object({
  ...sdkQueryEntries,
  apiVersion: v.optional(v.picklist(['2'], 'apiVersion must be 2')),
})
export type GetProfileAccountQuery = v.InferInput<typeof getProfileAccountQuery>
export const getProfileAccountResponse = nameProfile
export type GetProfileAccountResponse = v.InferOutput<typeof getProfileAccountResponse>

// GET /v1/profile/reverse/{address}
export const getProfileReverseParams = v.object({ address: evmAddressSchema })
export type GetProfileReverseParams = v.InferInput<typeof getProfileReverseParams>
export const getProfileReverseQuery = v.object({
  ...sdkQueryEntries,
  apiVersion: v.optional(v.picklist(['2'], 'apiVersion must be 2')),
})
export type GetProfileReverseQuery = v.InferInput<typeof getProfileReverseQuery>
export const getProfileReverseResponse = v.array(nameProfile)
export type GetProfileReverseResponse = v.InferOutput<typeof getProfileReverseResponse>
