export {
  type QueryEventsParameters,
  queryEvents,
  type StoredEvent,
  storeEvents,
  summarizeEvents,
} from './analytics/events.ts'
export { type Cache, createMemoryCache, createRedisCache } from './cache/createCache.ts'
export { createChainRuntime } from './chains/createChainRuntime.ts'
export { type EnableIndexingParameters, enableIndexing } from './chains/enableIndexing.ts'
export { loadDevnetChains, loadDevnetSolanaChains } from './chains/loadDevnetChains.ts'
export { parseRpcUrls } from './chains/publicChains.ts'
export { readBalances } from './chains/readBalances.ts'
export {
  type ReadSolanaBalancesParameters,
  readSolanaBalances,
} from './chains/readSolanaBalances.ts'
export type {
  ChainConfig,
  ChainRuntime,
  ChainToken,
  SolanaChainConfig,
  SolanaChainToken,
  UniswapV2Pricing,
  UniswapV2Swap,
} from './chains/types.ts'
export { readServerOptions, type ServerEnv } from './config.ts'
export {
  type CreateDatabaseParameters,
  createDatabase,
  type FoyerDatabase,
} from './db/createDatabase.ts'
export { migrateToLatest, migrations } from './db/migrations.ts'
export type { Database } from './db/schema.ts'
export {
  BaseError,
  CliUsageError,
  ConfigError,
  DevnetFileError,
  HttpError,
  InvalidInputError,
  InvalidProjectFeaturesError,
  InvalidProjectIdError,
  NotFoundError,
  OriginNotAllowedError,
  PriceApiError,
  ProjectIdMissingError,
  RegistryFileError,
  UpstreamUnavailableError,
} from './errors.ts'
export type { ServerContext } from './http/context.ts'
export {
  type CreateServerOptions,
  createServer,
  devProjectId,
  devProjectOrigins,
  toErrorResponse,
} from './http/createServer.ts'
export { createIndexer, type Indexer } from './indexer/createIndexer.ts'
export { decodeHistoryCursor, encodeHistoryCursor, queryHistory } from './indexer/queryHistory.ts'
export { type CdpApiKey, parseCdpApiKey, signCdpJwt } from './onramp/cdpApiKey.ts'
export {
  type CreateCoinbaseOnRampProviderParameters,
  coinbaseNetworkIds,
  createCoinbaseOnRampProvider,
} from './onramp/createCoinbaseOnRampProvider.ts'
export {
  OnRampApiError,
  OnRampApiKeyError,
  OnRampNetworkNotSupportedError,
  OnRampNotConfiguredError,
  OnRampProviderRefusedError,
  OnRampQuoteUnavailableError,
} from './onramp/errors.ts'
export { providerUserRef } from './onramp/providerUserRef.ts'
export type {
  OnRampProvider,
  OnRampProviderOptions,
  OnRampProviderQuote,
  OnRampQuoteParameters,
  OnRampUrlParameters,
} from './onramp/types.ts'
export {
  type CreateHttpPriceProviderParameters,
  createHttpPriceProvider,
  type HttpPriceProviderErrorType,
} from './prices/createHttpPriceProvider.ts'
export { createPriceService, type PriceService } from './prices/createPriceService.ts'
export {
  createUniswapV2PriceProvider,
  pricesFromReserves,
} from './prices/createUniswapV2PriceProvider.ts'
export type { PriceMap, PriceProvider, PriceQuote } from './prices/types.ts'
export { matchOrigin } from './projects/matchOrigin.ts'
export { getProject, listProjects, type Project, upsertProject } from './projects/projects.ts'
export { builtinWallets } from './registry/builtinWallets.ts'
export { importRegistry, queryWallets, seedBuiltinWallets } from './registry/wallets.ts'
export {
  SiwxSessionCheckError,
  type VerifySiwxSessionParameters,
  verifySiwxSession,
} from './siwx/verifySiwxSession.ts'
export {
  type CreateUniswapV2SwapProviderParameters,
  createUniswapV2SwapProvider,
} from './swap/createUniswapV2SwapProvider.ts'
export {
  NativeApprovalError,
  NoSwapRouteError,
  SwapNetworkNotSupportedError,
  SwapSimulationRevertedError,
} from './swap/errors.ts'
export type {
  SwapBuildParameters,
  SwapBuildResult,
  SwapCall,
  SwapProvider,
  SwapProviderQuote,
  SwapProviderToken,
  SwapQuoteParameters,
} from './swap/types.ts'
