import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely'
import { BaseError } from '../errors.ts'

/**
 * Versioned schema migrations, applied in name order at start. Never edit a released migration:
 * add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('allowed_origins', 'jsonb', (c) => c.notNull())
        .addColumn('features', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()

      await db.schema
        .createTable('wallets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('image_id', 'text', (c) => c.notNull())
        .addColumn('homepage', 'text')
        .addColumn('rdns', 'text')
        .addColumn('chains', 'jsonb', (c) => c.notNull())
        .addColumn('mobile_link', 'text')
        .addColumn('desktop_link', 'text')
        .addColumn('webapp_link', 'text')
        .addColumn('app_store', 'text')
        .addColumn('play_store', 'text')
        .addColumn('chrome_store', 'text')
        .addColumn('badge_type', 'text', (c) => c.notNull().defaultTo('none'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('wallets_position')
        .on('wallets')
        .columns(['position', 'id'])
        .execute()

      await db.schema
        .createTable('images')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('data', 'bytea', (c) => c.notNull())
        .addPrimaryKeyConstraint('images_pk', ['kind', 'id'])
        .execute()

      await db.schema
        .createTable('analytics_events')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('event', 'text')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('timestamp', 'bigint', (c) => c.notNull())
        .addColumn('props', 'jsonb', (c) => c.notNull())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema
        .createIndex('analytics_events_project_time')
        .on('analytics_events')
        .columns(['project_id', 'received_at'])
        .execute()

      await db.schema
        .createTable('chain_cursors')
        .addColumn('chain_id', 'integer', (c) => c.primaryKey())
        .addColumn('next_block', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('chain_transactions')
        .addColumn('chain_id', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('block_number', 'bigint', (c) => c.notNull())
        .addColumn('tx_index', 'integer', (c) => c.notNull())
        .addColumn('timestamp', 'bigint', (c) => c.notNull())
        .addColumn('from_address', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text')
        .addColumn('nonce', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chain_transactions_pk', ['chain_id', 'hash'])
        .execute()

      await db.schema
        .createTable('chain_transfers')
        .addColumn('chain_id', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('token_address', 'text')
        .addColumn('from_address', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chain_transfers_pk', ['chain_id', 'hash', 'position'])
        .execute()

      await db.schema
        .createTable('chain_tokens')
        .addColumn('chain_id', 'integer', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('symbol', 'text')
        .addColumn('decimals', 'integer')
        .addPrimaryKeyConstraint('chain_tokens_pk', ['chain_id', 'address'])
        .execute()

      await db.schema
        .createTable('account_activity')
        .addColumn('chain_id', 'integer', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('timestamp', 'bigint', (c) => c.notNull())
        .addColumn('block_number', 'bigint', (c) => c.notNull())
        .addColumn('tx_index', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_activity_pk', ['chain_id', 'account', 'hash'])
        .execute()
      await db.schema
        .createIndex('account_activity_order')
        .on('account_activity')
        .columns(['account', 'timestamp', 'chain_id', 'block_number', 'tx_index'])
        .execute()

      await db.schema
        .createTable('names')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text')
        .addColumn('addresses', 'jsonb', (c) => c.notNull())
        .addColumn('attributes', 'jsonb', (c) => c.notNull())
        .addColumn('registered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
    },
  },
  '0002_chain_cursor_hash': {
    // The hash of the last indexed block tells a restarted or reorganised chain from the one indexed.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chain_cursors').addColumn('last_hash', 'text').execute()
    },
  },
  '0003_nft_ownership': {
    // ERC-721 holdings, kept current from Transfer logs (4 topics); the newest transfer wins.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('nft_tokens')
        .addColumn('chain_id', 'integer', (c) => c.notNull())
        .addColumn('contract', 'text', (c) => c.notNull())
        .addColumn('token_id', 'numeric(78, 0)', (c) => c.notNull())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('block_number', 'int8', (c) => c.notNull())
        .addColumn('log_index', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('nft_tokens_pk', ['chain_id', 'contract', 'token_id'])
        .execute()
      await db.schema
        .createIndex('nft_tokens_owner')
        .on('nft_tokens')
        .columns(['owner', 'chain_id', 'contract', 'token_id'])
        .execute()
    },
  },
  '0004_embedded_wallet': {
    // Embedded-wallet accounts, one-time codes (hashed), device approvals, sessions with rotating
    // refresh tokens, and the encrypted auth shares / sealed recovery shares of each wallet.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('embedded_users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_login_at', 'timestamptz')
        .execute()
      await db.schema
        .createTable('embedded_devices')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('embedded_devices_pk', ['user_id', 'device_id'])
        .execute()
      await db.schema
        .createTable('embedded_email_throttle')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('embedded_otps')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('consumed_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema
        .createIndex('embedded_otps_lookup')
        .on('embedded_otps')
        .columns(['purpose', 'email'])
        .execute()
      await db.schema
        .createTable('embedded_device_approvals')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('approved_at', 'timestamptz')
        .addColumn('consumed_at', 'timestamptz')
        .execute()
      await db.schema
        .createIndex('embedded_device_approvals_lookup')
        .on('embedded_device_approvals')
        .columns(['email', 'device_id'])
        .execute()
      await db.schema
        .createTable('embedded_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('device_approved', 'boolean', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('revoked_at', 'timestamptz')
        .execute()
      await db.schema
        .createTable('embedded_refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('rotated_at', 'timestamptz')
        .execute()
      await db.schema
        .createTable('embedded_email_updates')
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('embedded_wallets')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('addresses', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema
        .createTable('embedded_share_sets')
        .addColumn('share_set_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('auth_share_encrypted', 'text', (c) => c.notNull())
        .addColumn('sealed_recovery_share', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema
        .createIndex('embedded_share_sets_user')
        .on('embedded_share_sets')
        .columns(['user_id', 'created_at'])
        .execute()
    },
  },
  '0005_project_scoped_names': {
    // A project's names are its own: one project's names are never answered to another, and two
    // projects may each have the same name. Names no project owns could only ever be answered to
    // every project, so they go.
    async up(db: Kysely<unknown>) {
      await sql`delete from names where project_id is null`.execute(db)
      await sql`alter table names drop constraint names_pkey`.execute(db)
      await sql`alter table names alter column project_id set not null`.execute(db)
      await sql`alter table names add primary key (project_id, name)`.execute(db)
      // Reverse lookups ask for the names of one address within one project.
      await sql`create index names_project_address on names (project_id, (lower(addresses -> '60' ->> 'address')))`.execute(
        db,
      )
    },
  },
  '0006_custody_and_projects': {
    // Issue 25: the operator can no longer rebuild wallets, and embedded accounts belong to a
    // project. A share set's recovery share is now AES-GCM ciphertext under the wallet's recovery
    // key (made and kept by the frame, wrapped by the visitor's factors in
    // `embedded_recovery_methods` or handed between devices through `embedded_device_requests`);
    // the server cannot open any of it. Only operator-recovery mode also stores the share sealed
    // to the operator's key (`operator_sealed_recovery_share`).
    //
    // Legacy rows are not carried over: every wallet made before this migration has its recovery
    // share sealed to the operator's key (the operator could rebuild it), and no account, code,
    // throttle slot, approval link or session says which project it was made under (guessing one
    // would hand it to the wrong project). So every embedded_* row is deleted: visitors log in
    // again and get a new wallet. An operator with funded legacy wallets must have them emptied
    // before upgrading.
    async up(db: Kysely<unknown>) {
      for (const table of [
        'embedded_users',
        'embedded_devices',
        'embedded_email_throttle',
        'embedded_otps',
        'embedded_device_approvals',
        'embedded_sessions',
        'embedded_refresh_tokens',
        'embedded_email_updates',
        'embedded_wallets',
        'embedded_share_sets',
      ])
        await sql`delete from ${sql.table(table)}`.execute(db)

      // One account per email and project: the same email under another project is another
      // account with another wallet.
      await sql`alter table embedded_users drop constraint embedded_users_email_key`.execute(db)
      await sql`alter table embedded_users add column project_id text not null`.execute(db)
      await sql`alter table embedded_users add constraint embedded_users_project_email unique (project_id, email)`.execute(
        db,
      )
      await sql`alter table embedded_sessions add column project_id text not null`.execute(db)
      // Codes, cooldowns and approval links name their project, so one issued under project A
      // never works under project B. (Email updates are bound through their session.)
      await sql`alter table embedded_email_throttle drop constraint embedded_email_throttle_pkey`.execute(
        db,
      )
      await sql`alter table embedded_email_throttle add column project_id text not null`.execute(db)
      await sql`alter table embedded_email_throttle add primary key (project_id, email)`.execute(db)
      await sql`alter table embedded_otps add column project_id text not null`.execute(db)
      await sql`drop index embedded_otps_lookup`.execute(db)
      await sql`create index embedded_otps_lookup on embedded_otps (project_id, purpose, email)`.execute(
        db,
      )
      await sql`alter table embedded_device_approvals add column project_id text not null`.execute(
        db,
      )
      await sql`drop index embedded_device_approvals_lookup`.execute(db)
      await sql`create index embedded_device_approvals_lookup on embedded_device_approvals (project_id, email, device_id)`.execute(
        db,
      )

      await sql`alter table embedded_share_sets drop column sealed_recovery_share`.execute(db)
      await sql`alter table embedded_share_sets add column encrypted_recovery_share jsonb not null`.execute(
        db,
      )
      await sql`alter table embedded_share_sets add column operator_sealed_recovery_share jsonb`.execute(
        db,
      )

      await db.schema
        .createTable('embedded_recovery_methods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('wrapped_key', 'jsonb', (c) => c.notNull())
        .addColumn('credential_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
      await db.schema
        .createIndex('embedded_recovery_methods_user')
        .on('embedded_recovery_methods')
        .columns(['user_id', 'created_at'])
        .execute()

      await db.schema
        .createTable('embedded_device_requests')
        .addColumn('request_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sealed_key', 'jsonb')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('approved_at', 'timestamptz')
        .addColumn('consumed_at', 'timestamptz')
        .execute()
      // One unapproved request per device: a new one replaces it (an upsert on this index).
      await sql`create unique index embedded_device_requests_unapproved on embedded_device_requests (user_id, device_id) where approved_at is null`.execute(
        db,
      )
    },
  },
  '0007_passkey_login': {
    async up(db) {
      // Passkeys that log in: the public key and counter of a verified registration.
      await db.schema
        .createTable('embedded_passkeys')
        .addColumn('credential_id', 'text', (c) => c.notNull())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'jsonb', (c) => c.notNull())
        .addColumn('rp_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_used_at', 'timestamptz')
        .addPrimaryKeyConstraint('embedded_passkeys_pk', ['project_id', 'credential_id'])
        .execute()
      await db.schema
        .createIndex('embedded_passkeys_user')
        .on('embedded_passkeys')
        .column('user_id')
        .execute()
      await db.schema
        .createTable('embedded_passkey_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('rp_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute()
    },
  },
  '0008_social_login': {
    async up(db) {
      // Social and Farcaster accounts have no email (X and Farcaster give none).
      await db.schema
        .alterTable('embedded_users')
        .alterColumn('email', (c) => c.dropNotNull())
        .execute()
      await db.schema.alterTable('embedded_users').addColumn('social_provider', 'text').execute()
      await db.schema.alterTable('embedded_users').addColumn('display_name', 'text').execute()
      // One account per (project, provider, subject): the provider's stable user id.
      await db.schema
        .createTable('embedded_identities')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('display_name', 'text')
        .addColumn('username', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_login_at', 'timestamptz')
        .addPrimaryKeyConstraint('embedded_identities_pk', ['project_id', 'provider', 'subject'])
        .execute()
      await db.schema
        .createIndex('embedded_identities_user')
        .on('embedded_identities')
        .column('user_id')
        .execute()
      // A started social or Farcaster login: single use, short-lived, bound to its device.
      await db.schema
        .createTable('embedded_login_flows')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('app_origin', 'text', (c) => c.notNull())
        .addColumn('secrets', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('consumed_at', 'timestamptz')
        .execute()
    },
  },
  '0009_login_hardening': {
    // Issue 26: device approval shows the device and takes a POST from its page; one-time codes
    // have a guessing budget per identity; several codes stay valid; a proof of work after
    // repeated starts from one network; rows past their use are deleted by a job.
    async up(db: Kysely<unknown>) {
      // An approval now follows a verified code and names the device: links of the old flow
      // (approve first, code after) cannot be completed any more.
      await sql`delete from embedded_device_approvals`.execute(db)
      await sql`alter table embedded_device_approvals
        add column id text not null,
        add column login_secret_hash text not null,
        add column browser text not null,
        add column os text not null,
        add column place text,
        add column created_at timestamptz not null default now(),
        add column denied_at timestamptz`.execute(db)
      await sql`create unique index embedded_device_approvals_id on embedded_device_approvals (id)`.execute(
        db,
      )
      // "This wasn't me": the device may not log in to that account again.
      await db.schema
        .createTable('embedded_device_blocks')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('blocked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('embedded_device_blocks_pk', ['project_id', 'email', 'device_id'])
        .execute()
      // Failed code checks per identity (a rolling window) and the lock they lead to.
      await db.schema
        .createTable('embedded_login_failures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('units', 'integer', (c) => c.notNull())
        .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('embedded_login_failures_identity')
        .on('embedded_login_failures')
        .columns(['project_id', 'email', 'failed_at'])
        .execute()
      await db.schema
        .createTable('embedded_login_locks')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('locked_at', 'timestamptz', (c) => c.notNull())
        .addColumn('locked_until', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('embedded_login_locks_pk', ['project_id', 'email'])
        .execute()
      // Email login starts per client network (keyed digest of the IP), for the proof of work.
      await db.schema
        .createTable('embedded_login_starts')
        .addColumn('ip_hash', 'text', (c) => c.notNull())
        .addColumn('started_at', 'timestamptz', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('embedded_login_starts_ip')
        .on('embedded_login_starts')
        .columns(['ip_hash', 'started_at'])
        .execute()
      // Solved proofs of work are single use.
      await db.schema
        .createTable('embedded_spent_proofs')
        .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute()
      // The clean-up job looks rows up by their age.
      await sql`create index embedded_refresh_tokens_session on embedded_refresh_tokens (session_id)`.execute(
        db,
      )
      await sql`create index embedded_sessions_created on embedded_sessions (created_at)`.execute(
        db,
      )
    },
  },
  '0010_public_names': {
    // Issue 16: visitors register names, which every ENS client resolves (CCIP-read), so a name
    // is one row for the whole server (ENS has one namespace) answered to every project; the
    // registering project is kept. One primary name per address and zone; a signed
    // registration message is used once.
    async up(db: Kysely<unknown>) {
      // Two projects could each hold a name before: the oldest row keeps it.
      await sql`delete from names as later using names as earlier
        where later.name = earlier.name
          and (earlier.registered_at < later.registered_at
            or (earlier.registered_at = later.registered_at and earlier.project_id < later.project_id))`.execute(
        db,
      )
      await sql`drop index names_project_address`.execute(db)
      await sql`alter table names drop constraint names_pkey`.execute(db)
      await sql`alter table names add primary key (name)`.execute(db)
      await sql`alter table names
        add column zone text,
        add column address text,
        add column is_primary boolean not null default false`.execute(db)
      await sql`update names set
        zone = case when strpos(name, '.') = 0 then '' else substr(name, strpos(name, '.') + 1) end,
        address = lower(addresses -> '60' ->> 'address')`.execute(db)
      await sql`alter table names alter column zone set not null`.execute(db)
      // Identity answered an address's oldest name so far: that one stays its primary.
      await sql`update names set is_primary = true where name in (
        select distinct on (zone, address) name from names where address is not null
        order by zone, address, registered_at, name)`.execute(db)
      await sql`create unique index names_primary on names (zone, address) where is_primary`.execute(
        db,
      )
      await sql`create index names_address on names (address)`.execute(db)
      await db.schema
        .createTable('name_registration_messages')
        .addColumn('message_hash', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute()
    },
  },
  '0011_siwx_sessions': {
    // Issue 22: sign in with any wallet. Nonces are single use and bound to a project; a
    // session is one cookie token (stored as its SHA-256) and project, holding one account per
    // namespace.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('siwx_nonces')
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute()
      await db.schema
        .createIndex('siwx_nonces_expires')
        .on('siwx_nonces')
        .column('expires_at')
        .execute()
      await db.schema
        .createTable('siwx_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .addUniqueConstraint('siwx_sessions_token_project', ['token_hash', 'project_id'])
        .execute()
      await db.schema
        .createIndex('siwx_sessions_expires')
        .on('siwx_sessions')
        .column('expires_at')
        .execute()
      await db.schema
        .createTable('siwx_session_accounts')
        .addColumn('session_id', 'text', (c) =>
          c.notNull().references('siwx_sessions.id').onDelete('cascade'),
        )
        .addColumn('namespace', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('chain_id', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('signed_in_at', 'timestamptz', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('siwx_session_accounts_pk', ['session_id', 'namespace'])
        .execute()
    },
  },
  '0012_login_app_display': {
    // Issue 22: the server's own login pages (the emailed device approval, the social popup's
    // last page) name the app the visitor logs in to, beside its origin, in its light or dark mode.
    async up(db: Kysely<unknown>) {
      await sql`alter table embedded_device_approvals
        add column app_origin text,
        add column app_name text,
        add column theme_mode text`.execute(db)
      await sql`alter table embedded_login_flows
        add column app_name text,
        add column theme_mode text`.execute(db)
    },
  },
  '0013_smart_sessions': {
    // Issue 17: the registry of smart sessions (ERC-7715) the embedded smart accounts granted.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('smart_sessions')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('pci', 'text', (c) => c.notNull())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('expiry', 'bigint', (c) => c.notNull())
        .addColumn('permissions', 'jsonb', (c) => c.notNull())
        .addColumn('context', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('revoked_at', 'timestamptz')
        .addPrimaryKeyConstraint('smart_sessions_pk', ['account', 'pci'])
        .execute()
    },
  },
  '0014_project_change_notifications': {
    // Issue 28: every change to a project row, whoever makes it (`project upsert`, another server
    // process, an operator's own SQL), is announced on `projectChangesChannel` with the project's
    // id, at commit. Server processes keep projects until told, instead of reading them again.
    async up(db: Kysely<unknown>) {
      await sql`create function foyer_notify_project_change() returns trigger
        language plpgsql as $$
        begin
          perform pg_notify('foyer_project_changes', coalesce(new.id, old.id));
          return null;
        end
        $$`.execute(db)
      await sql`create trigger projects_changed
        after insert or update or delete on projects
        for each row execute function foyer_notify_project_change()`.execute(db)
    },
  },
}

/** Where a changed project's id is announced (see migration 0014). */
export const projectChangesChannel = 'foyer_project_changes'

const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations
  },
}

export class MigrationError extends BaseError {
  override name = 'MigrationError'
}

// Migrations see the schema as it was when they were written, not today's `Database` type.
// biome-ignore lint/suspicious/noExplicitAny: any database type may be migrated
export type MigrateToLatestParameters = { db: Kysely<any> }

/**
 * Brings the schema up to date. Safe to run from several processes at once: Kysely takes a
 * Postgres advisory lock around the run.
 */
export async function migrateToLatest({ db }: MigrateToLatestParameters): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableName: 'foyer_migrations',
    migrationLockTableName: 'foyer_migrations_lock',
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw new MigrationError('Database migration failed', { cause: error })
  return (results ?? []).filter((result) => result.status === 'Success').map((r) => r.migrationName)
}
