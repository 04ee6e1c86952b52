import type { SmartAccountNetwork } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import type { Cache } from '../cache/createCache.ts'
import type { ResponseCache } from '../cache/createResponseCache.ts'
import type { BitcoinChainConfig, ChainRuntime, SolanaChainConfig } from '../chains/types.ts'
import type { FoyerDatabase } from '../db/createDatabase.ts'
import type { Indexer } from '../indexer/createIndexer.ts'
import type { PriceService } from '../prices/createPriceService.ts'
import type { Project } from '../projects/projects.ts'
import type { EarlyAnswers } from './createEarlyAnswers.ts'

/** What route handlers share; also exposed as `app.foyer` for the CLI and tests. */
export type ServerContext = {
  database: FoyerDatabase
  cache: Cache
  /** Whole answers as their serialised text (wallet list, images), in the same backend as `cache`. */
  responses: ResponseCache
  chains: ChainRuntime[]
  /** Solana networks; only the balance and supported-chains routes serve them. */
  solanaChains: SolanaChainConfig[]
  /** Bitcoin networks; the balance, history and supported-chains routes serve them. */
  bitcoinChains: BitcoinChainConfig[]
  prices: PriceService
  indexer: Indexer
  publicUrl: string
  /** Resolves, checks (existence, origin, per-project rate) and returns the request's project. */
  requireProject: (
    request: FastifyRequest,
    projectId: string,
    options?: { checkOrigin?: boolean },
  ) => Promise<Project>
  /**
   * Answers routes gave to GETs, given again to the same URL while what they depend on holds (in
   * front of Fastify, or from the routes' first hook; see `createEarlyAnswers`).
   */
  earlyAnswers: EarlyAnswers
  /** Writes this process made to `cache` so far (see `countCacheWrites`). */
  cacheWrites: () => number
  /** Looks a project up through a short per-process cache. */
  findProject: (projectId: string) => Promise<Project | undefined>
  /** The fresh cached project without waiting, when there is one (see `ProjectCache.peek`). */
  peekProject: (projectId: string) => { project: Project | undefined } | undefined
  /** Counts one error report of a client; false once the client's per-minute cap is reached. */
  allowErrorReport: (request: FastifyRequest, projectId: string) => Promise<boolean>
  tokenIconUrl: (symbol: string) => string
  /**
   * The identity logins this server can run (configured social providers, and `farcaster` with a
   * relay): a project's `features.socials` is offered only where it is listed here. Filled by the
   * embedded wallet when it starts; empty without it.
   */
  loginProviders: Set<string>
  /** The zone visitors register names in (`FOYER_NAME_ZONE`, e.g. `foyer.eth`); none → no names. */
  nameZone: string | undefined
  /** Networks with an ERC-4337 bundler, where embedded wallets may use a smart account. */
  smartAccounts: SmartAccountNetwork[]
}

declare module 'fastify' {
  interface FastifyInstance {
    foyer: ServerContext
  }
}
