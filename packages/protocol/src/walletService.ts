import * as v from 'valibot'
import {
  caipNetworkIdSchema,
  evmAddressSchema,
  integerParam,
  listParam,
  optionalSdkQueryEntries,
  resourceIdSchema,
  sdkQueryEntries,
  textSchema,
} from './common.ts'

/** Wallet pages hold at most this many entries (SPEC §9). */
export const maxWalletsPerPage = 40
/** A search returns at most this many wallets (SPEC §9). */
export const maxWalletSearchResults = 100

export const socialProviders = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
] as const
export const socialProviderSchema = v.picklist(socialProviders)
export type SocialProvider = v.InferOutput<typeof socialProviderSchema>

/** Feature switches a project carries (SPEC §6). */
export const projectFeatures = v.object({
  email: v.boolean(),
  /** Enabled social providers in display order; empty when social login is off. */
  socials: v.array(socialProviderSchema),
  swaps: v.boolean(),
  onramp: v.boolean(),
  activity: v.boolean(),
  multiWallet: v.boolean(),
  branding: v.boolean(),
  analytics: v.boolean(),
})
export type ProjectFeatures = v.InferOutput<typeof projectFeatures>

export const defaultProjectFeatures: ProjectFeatures = {
  email: true,
  socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
  swaps: true,
  onramp: true,
  activity: true,
  multiWallet: false,
  branding: true,
  analytics: true,
}

/**
 * A network with ERC-4337 smart accounts: its bundler (JSON-RPC: `eth_sendUserOperation`, …), the
 * EntryPoint it bundles for (v0.7), and MetaMask's Delegation Framework v1.3 there: the
 * SimpleFactory that deploys the accounts (HybridDeleGator proxies), the implementation, the
 * DelegationManager that redeems smart sessions and the caveat enforcers their policies use.
 */
export const smartAccountNetworkSchema = v.object({
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: v.pipe(caipNetworkIdSchema, v.startsWith('eip155:')),
  bundlerUrl: v.pipe(v.string(), v.url()),
  entryPoint: evmAddressSchema,
  /** The DeleGator SimpleFactory (CREATE2 deployer of the accounts' proxies). */
  factory: evmAddressSchema,
  /** The HybridDeleGator implementation the accounts proxy to. */
  implementation: evmAddressSchema,
  delegationManager: evmAddressSchema,
  enforcers: v.object({
    timestamp: evmAddressSchema,
    allowedTargets: evmAddressSchema,
    allowedMethods: evmAddressSchema,
    erc20TransferAmount: evmAddressSchema,
    valueLte: evmAddressSchema,
  }),
})
export type SmartAccountNetwork = v.InferOutput<typeof smartAccountNetworkSchema>

// GET /appkit/v1/config
export const getConfigQuery = v.object({ ...sdkQueryEntries })
export type GetConfigQuery = v.InferInput<typeof getConfigQuery>
export const getConfigResponse = v.object({
  projectId: v.string(),
  name: v.string(),
  features: projectFeatures,
  /** Present when the server registers names: they are `<label>.<zone>` (e.g. `foyer.eth`). */
  names: v.optional(v.object({ zone: v.string() })),
  /**
   * The networks where embedded wallets may use a smart account (SPEC §6: only those the login
   * service lists), each with its ERC-4337 bundler. Absent when the server lists none.
   */
  smartAccounts: v.optional(v.array(smartAccountNetworkSchema)),
})
export type GetConfigResponse = v.InferOutput<typeof getConfigResponse>

// GET /projects/v1/origins
export const getOriginsQuery = v.object({ ...sdkQueryEntries })
export type GetOriginsQuery = v.InferInput<typeof getOriginsQuery>
export const getOriginsResponse = v.object({ allowedOrigins: v.array(v.string()) })
export type GetOriginsResponse = v.InferOutput<typeof getOriginsResponse>

// GET /getAnalyticsConfig
export const getAnalyticsConfigQuery = v.object({ ...sdkQueryEntries })
export type GetAnalyticsConfigQuery = v.InferInput<typeof getAnalyticsConfigQuery>
export const getAnalyticsConfigResponse = v.object({ isAnalyticsEnabled: v.boolean() })
export type GetAnalyticsConfigResponse = v.InferOutput<typeof getAnalyticsConfigResponse>

export const walletIdSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(128),
  v.regex(/^[A-Za-z0-9._-]+$/, 'wallet id may contain only letters, digits, ".", "_" and "-"'),
)

export const badgeTypes = ['none', 'certified'] as const

// GET /getWallets
export const getWalletsQuery = v.object({
  ...sdkQueryEntries,
  page: v.optional(integerParam('page', 1, 100_000), 1),
  entries: v.optional(integerParam('entries', 1, maxWalletsPerPage), maxWalletsPerPage),
  /** Comma-separated wallet ids to restrict the listing to. */
  include: v.optional(listParam('include', { maxItems: 200, item: walletIdSchema })),
  /** Comma-separated wallet ids to leave out. */
  exclude: v.optional(listParam('exclude', { maxItems: 200, item: walletIdSchema })),
  search: v.optional(textSchema('search', { maxLength: 100 })),
  badge_type: v.optional(v.picklist(badgeTypes, 'badge_type must be none or certified')),
  /** Comma-separated CAIP-2 chain ids; a wallet matches when it supports any of them. */
  chains: v.optional(listParam('chains', { maxItems: 50, item: caipNetworkIdSchema })),
})
export type GetWalletsQuery = v.InferInput<typeof getWalletsQuery>

export const walletListEntry = v.object({
  id: v.string(),
  name: v.string(),
  /** Id for `/getWalletImage/{id}`. */
  image_id: v.string(),
  homepage: v.nullable(v.string()),
  rdns: v.nullable(v.string()),
  chains: v.array(v.string()),
  mobile_link: v.nullable(v.string()),
  desktop_link: v.nullable(v.string()),
  webapp_link: v.nullable(v.string()),
  app_store: v.nullable(v.string()),
  play_store: v.nullable(v.string()),
  chrome_store: v.nullable(v.string()),
  badge_type: v.picklist(badgeTypes),
})
export type WalletListEntry = v.InferOutput<typeof walletListEntry>

export const getWalletsResponse = v.object({
  data: v.array(walletListEntry),
  /** Number of wallets matching the filters (for a search: at most 100). */
  count: v.number(),
})
export type GetWalletsResponse = v.InferOutput<typeof getWalletsResponse>

// GET /getWalletImage/{id}, /public/getAssetImage/{id}, /public/getCurrencyImage/{id},
// /public/getTokenImage/{id} — answer image bytes (image/svg+xml, image/jpeg or image/png).
export const getImageParams = v.object({ id: resourceIdSchema })
export type GetImageParams = v.InferInput<typeof getImageParams>
export const getImageQuery = v.object({ ...optionalSdkQueryEntries })
export type GetImageQuery = v.InferInput<typeof getImageQuery>
