import type { ColumnType, Generated } from 'kysely'

/** JSON columns (jsonb): written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>
/** int8 columns come back as strings from `pg` and as numbers from PGlite; normalise on read. */
type Int8 = ColumnType<string | number | bigint, string | number | bigint, string | number | bigint>

export type ProjectsTable = {
  id: string
  name: string
  allowed_origins: Json<string[]>
  features: Json<Record<string, unknown>>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export type WalletsTable = {
  id: string
  name: string
  image_id: string
  homepage: string | null
  rdns: string | null
  chains: Json<string[]>
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  badge_type: string
  /** Listing order; lower first. */
  position: number
  /** `builtin` or `import`. */
  source: string
}

export type ImagesTable = {
  kind: string
  id: string
  content_type: string
  data: Uint8Array
}

export type AnalyticsEventsTable = {
  id: Generated<Int8>
  project_id: string
  event_id: string
  type: string
  event: string | null
  url: string
  domain: string
  timestamp: Int8
  props: Json<Record<string, unknown>>
  received_at: Generated<Date>
}

export type ChainCursorsTable = {
  chain_id: number
  /** The next block the indexer will read. */
  next_block: Int8
  /** Hash of block `next_block - 1` as indexed. */
  last_hash: string | null
}

export type ChainTransactionsTable = {
  chain_id: number
  hash: string
  block_number: Int8
  tx_index: number
  /** Unix seconds of the block. */
  timestamp: Int8
  from_address: string
  to_address: string | null
  nonce: number
  status: string
}

export type ChainTransfersTable = {
  chain_id: number
  hash: string
  /** Log index for ERC-20 transfers; negative for native value moves (-1 the call itself). */
  position: number
  /** Null for the native currency. */
  token_address: string | null
  from_address: string
  to_address: string
  amount: string
}

export type ChainTokensTable = {
  chain_id: number
  address: string
  name: string | null
  symbol: string | null
  decimals: number | null
}

export type AccountActivityTable = {
  chain_id: number
  account: string
  hash: string
  timestamp: Int8
  block_number: Int8
  tx_index: number
}

export type NamesTable = {
  name: string
  project_id: string | null
  addresses: Json<Record<string, { address: string; created: number }>>
  attributes: Json<Record<string, string>>
  registered_at: Generated<Date>
  updated_at: Generated<Date>
}

export type Database = {
  projects: ProjectsTable
  wallets: WalletsTable
  images: ImagesTable
  analytics_events: AnalyticsEventsTable
  chain_cursors: ChainCursorsTable
  chain_transactions: ChainTransactionsTable
  chain_transfers: ChainTransfersTable
  chain_tokens: ChainTokensTable
  account_activity: AccountActivityTable
  names: NamesTable
}
