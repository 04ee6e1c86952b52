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

export type NftTokensTable = {
  chain_id: number
  /** Lowercase collection address. */
  contract: string
  /** numeric(78,0); read back as a decimal string. */
  token_id: string
  /** Lowercase owner address; the zero address once burnt. */
  owner: string
  /** Position of the transfer that set `owner`. */
  block_number: Int8
  log_index: number
}

/** Names the server registered; one namespace for the whole server, answered to every project. */
export type NamesTable = {
  /** The full name, normalized: `alice.foyer.eth`. */
  name: string
  /** The project the name was registered under (kept; names are public, like ENS). */
  project_id: string
  /** The parent the name is registered in (`foyer.eth`): the part after the first label. */
  zone: string
  /** The coin type 60 address, lower-cased (the lookup key; `addresses` keeps the checksum). */
  address: string | null
  /** The address's primary name in its zone (at most one per zone and address). */
  is_primary: Generated<boolean>
  addresses: Json<Record<string, { address: string; created: number }>>
  attributes: Json<Record<string, string>>
  registered_at: Generated<Date>
  updated_at: Generated<Date>
}

/** Registration messages already used (sha256 of address and message), until they expire. */
export type NameRegistrationMessagesTable = {
  message_hash: string
  /** When the message's timestamp stops passing the check: the row is useless after it. */
  expires_at: Date
}

/** SIWX nonces: issued for one project, valid 10 minutes, used once (`used_at`). */
export type SiwxNoncesTable = {
  nonce: string
  project_id: string
  created_at: Generated<Date>
  expires_at: Date
  used_at: Date | null
}
/**
 * SIWX sessions: one per browser (cookie token) and project. The cookie holds a random token;
 * only its SHA-256 is stored, so the table alone signs nobody in.
 */
export type SiwxSessionsTable = {
  id: string
  /** SHA-256 (hex) of the `foyer_siwx` cookie's token; replaced on every sign-in (rotation). */
  token_hash: string
  project_id: string
  created_at: Generated<Date>
  /** The latest `expires_at` of its accounts: past it, the session is over. */
  expires_at: Date
  revoked_at: Date | null
}
/** The accounts signed in to a session: one per namespace (the latest sign-in replaces it). */
export type SiwxSessionAccountsTable = {
  session_id: string
  namespace: string
  address: string
  /** CAIP-2, e.g. `eip155:1`. */
  chain_id: string
  /** The message's Issued At. */
  issued_at: Date
  expires_at: Date
  /** When this account signed in (the newest is the session's top-level account). */
  signed_in_at: Date
  created_at: Generated<Date>
}

export type EmbeddedUsersTable = {
  id: string
  /** The project the account was made under; (project_id, email) is unique. */
  project_id: string
  /** Null for accounts made by a social or Farcaster login that gave no email. */
  email: string | null
  /** The social login that made the account (google, x, …, farcaster); null for email accounts. */
  social_provider: string | null
  /** The name the provider gave (social and Farcaster accounts). */
  display_name: string | null
  created_at: Generated<Date>
  last_login_at: Date | null
}
/** A social or Farcaster identity: (project, provider, provider's user id) → one account. */
export type EmbeddedIdentitiesTable = {
  project_id: string
  provider: string
  /** The provider's stable user id (`sub`, GitHub's numeric id, the Farcaster fid). */
  subject: string
  user_id: string
  email: string | null
  display_name: string | null
  username: string | null
  created_at: Generated<Date>
  last_login_at: Date | null
}
/** A started social or Farcaster login (single use, ~10 minutes), keyed by its state's digest. */
export type EmbeddedLoginFlowsTable = {
  state_hash: string
  project_id: string
  /** google | apple | github | x | discord | facebook | farcaster */
  provider: string
  /** The device that started it: only that device completes it. */
  device_id: string
  /** The app origin the result goes back to (allowed by the project). */
  app_origin: string
  /** Flow secrets: PKCE verifier and nonce (OAuth), or channel token, nonce and domain (Farcaster). */
  secrets: Json<Record<string, string>>
  /** What the app calls itself, as shown (cleaned, shortened) beside `app_origin`; null if unsaid. */
  app_name: ColumnType<string | null, string | null | undefined, string | null>
  /** The app's `light` | `dark` | `system` mode for the popup's page; null = `system`. */
  theme_mode: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Generated<Date>
  expires_at: Date
  consumed_at: Date | null
}
export type EmbeddedDevicesTable = {
  user_id: string
  device_id: string
  created_at: Generated<Date>
}
export type EmbeddedEmailThrottleTable = { project_id: string; email: string; last_sent_at: Date }
export type EmbeddedOtpsTable = {
  id: string
  project_id: string
  /** login | update_primary | update_secondary */
  purpose: string
  email: string
  /** HMAC-SHA256 of the code; the code itself is never stored. */
  code_hash: string
  attempts: Generated<number>
  expires_at: Date
  consumed_at: Date | null
  created_at: Generated<Date>
}
/**
 * A device the account never used asks to log in after entering a right code: the emailed link's
 * page (or a signed-in device) approves it or blocks it ("This wasn't me").
 */
export type EmbeddedDeviceApprovalsTable = {
  /** Keyed digest of the emailed link's token. */
  token_hash: string
  /** Names the approval to the account's signed-in devices (never the token). */
  id: string
  project_id: string
  email: string
  device_id: string
  /** Keyed digest of the waiting browser's `foyer_login` cookie: only it gets the session. */
  login_secret_hash: string
  /** Parsed from the User-Agent of the request that asked (e.g. `Chrome 126`, `Linux`). */
  browser: string
  os: string
  /** Approximate place of the asking IP, only when the operator configured a lookup. */
  place: string | null
  created_at: Generated<Date>
  expires_at: Date
  approved_at: Date | null
  denied_at: Date | null
  /** When the waiting device took the approval (its session started). */
  consumed_at: Date | null
  /** The app's origin as the frame saw it (allowed by the project); null from older frames. */
  app_origin: ColumnType<string | null, string | null | undefined, string | null>
  /** What the app calls itself, as shown (cleaned, shortened) beside `app_origin`. */
  app_name: ColumnType<string | null, string | null | undefined, string | null>
  /** The app's `light` | `dark` | `system` mode for the page; null = `system`. */
  theme_mode: ColumnType<string | null, string | null | undefined, string | null>
}
/** Devices an account's owner refused ("This wasn't me"): they cannot log in to it by email. */
export type EmbeddedDeviceBlocksTable = {
  project_id: string
  email: string
  device_id: string
  blocked_at: Generated<Date>
}
/** One failed code check of an identity: `units` codes compared without a match. */
export type EmbeddedLoginFailuresTable = {
  id: string
  project_id: string
  email: string
  units: number
  failed_at: Date
}
/** An identity whose code checks are refused until `locked_until` (too many failures). */
export type EmbeddedLoginLocksTable = {
  project_id: string
  email: string
  locked_at: Date
  locked_until: Date
}
/** An email login start, by keyed digest of the client's IP (proof of work after a few). */
export type EmbeddedLoginStartsTable = { ip_hash: string; started_at: Date }
/** A solved proof-of-work challenge (single use) until it would have expired anyway. */
export type EmbeddedSpentProofsTable = { challenge_hash: string; expires_at: Date }
export type EmbeddedSessionsTable = {
  id: string
  /** A session works under this project only (also the `pid` claim of its access token). */
  project_id: string
  user_id: string
  device_id: string
  /** The device was approved by the emailed link in this login (may release the recovery share). */
  device_approved: boolean
  created_at: Generated<Date>
  revoked_at: Date | null
}
export type EmbeddedRefreshTokensTable = {
  token_hash: string
  session_id: string
  expires_at: Date
  rotated_at: Date | null
}
export type EmbeddedEmailUpdatesTable = { session_id: string; new_email: string; stage: string }
export type EmbeddedWalletsTable = {
  user_id: string
  addresses: Json<{ eip155: string; solana: string }>
  created_at: Generated<Date>
}
export type EmbeddedShareSetsTable = {
  share_set_id: string
  user_id: string
  device_id: string
  /** AES-256-GCM under FOYER_SHARE_KEY: base64url(iv | ciphertext | tag). */
  auth_share_encrypted: string
  /** AES-256-GCM under the wallet's recovery key, which the server never holds: opaque. */
  encrypted_recovery_share: Json<EncryptedBlob>
  /** Operator-recovery mode only: the recovery share sealed to the operator's recovery key. */
  operator_sealed_recovery_share: Json<SealedBox> | null
  created_at: Generated<Date>
}
/** The wallet's recovery key wrapped by one of the visitor's factors (opaque to the server). */
export type EmbeddedRecoveryMethodsTable = {
  id: string
  /** The wallet's user. */
  user_id: string
  /** password | passkey */
  kind: string
  wrapped_key: Json<WrappedKey>
  /** base64url WebAuthn credential id (passkeys). */
  credential_id: string | null
  created_at: Generated<Date>
}
/** A new device asking the wallet's other devices for the recovery key; the server only relays. */
export type EmbeddedDeviceRequestsTable = {
  request_id: string
  user_id: string
  device_id: string
  /** The new device's one-time X25519 public key (hex). */
  public_key: string
  /** The recovery key sealed to `public_key` by an approving device. */
  sealed_key: Json<SealedBox> | null
  created_at: Generated<Date>
  expires_at: Date
  approved_at: Date | null
  /** When the requesting device first read the sealed key. */
  consumed_at: Date | null
}

/** A passkey that logs in: its verified registration (WebAuthn public key and counter). */
export type EmbeddedPasskeysTable = {
  /** base64url credential id, unique within a project. */
  credential_id: string
  project_id: string
  user_id: string
  /** base64url COSE public key. */
  public_key: string
  counter: Int8
  transports: Json<string[]>
  /** The relying party it was made for (the frame's hostname). */
  rp_id: string
  created_at: Generated<Date>
  last_used_at: Date | null
}
/** WebAuthn challenges: single use, 5 minutes. */
export type EmbeddedPasskeyChallengesTable = {
  /** base64url. */
  challenge: string
  project_id: string
  /** register | login */
  purpose: string
  /** The registering user (register only). */
  user_id: string | null
  rp_id: string
  expires_at: Date
}

type Hex = `0x${string}`
type SealedBox = { version: 1; ephemeralPublicKey: Hex; iv: Hex; ciphertext: Hex }
type EncryptedBlob = { version: 1; iv: Hex; ciphertext: Hex }
type WrappedKey = {
  version: 1
  kdf:
    | { name: 'scrypt'; salt: Hex; N: number; r: number; p: number }
    | { name: 'hkdf-prf'; salt: Hex }
  iv: Hex
  ciphertext: Hex
}

/** A smart session (ERC-7715) an embedded smart account granted, registered by the frame. */
export type SmartSessionsTable = {
  /** CAIP-10 `eip155:<chainId>:<address>`, the address lower-case. */
  account: string
  /** The delegation's hash (DelegationManager `getDelegationHash`), lower-case hex. */
  pci: string
  project_id: string
  origin: string
  /** Unix seconds, from the delegation's timestamp caveat. */
  expiry: Int8
  permissions: Json<unknown[]>
  /** The ERC-7715 permissions context (the signed, encoded delegation). */
  context: string
  created_at: Generated<Date>
  revoked_at: Date | null
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
  name_registration_messages: NameRegistrationMessagesTable
  siwx_nonces: SiwxNoncesTable
  siwx_sessions: SiwxSessionsTable
  siwx_session_accounts: SiwxSessionAccountsTable
  nft_tokens: NftTokensTable
  embedded_users: EmbeddedUsersTable
  embedded_devices: EmbeddedDevicesTable
  embedded_email_throttle: EmbeddedEmailThrottleTable
  embedded_otps: EmbeddedOtpsTable
  embedded_device_approvals: EmbeddedDeviceApprovalsTable
  embedded_sessions: EmbeddedSessionsTable
  embedded_refresh_tokens: EmbeddedRefreshTokensTable
  embedded_email_updates: EmbeddedEmailUpdatesTable
  embedded_wallets: EmbeddedWalletsTable
  embedded_share_sets: EmbeddedShareSetsTable
  embedded_recovery_methods: EmbeddedRecoveryMethodsTable
  embedded_device_requests: EmbeddedDeviceRequestsTable
  embedded_passkeys: EmbeddedPasskeysTable
  embedded_passkey_challenges: EmbeddedPasskeyChallengesTable
  embedded_identities: EmbeddedIdentitiesTable
  embedded_login_flows: EmbeddedLoginFlowsTable
  embedded_device_blocks: EmbeddedDeviceBlocksTable
  embedded_login_failures: EmbeddedLoginFailuresTable
  embedded_login_locks: EmbeddedLoginLocksTable
  embedded_login_starts: EmbeddedLoginStartsTable
  embedded_spent_proofs: EmbeddedSpentProofsTable
  smart_sessions: SmartSessionsTable
}
