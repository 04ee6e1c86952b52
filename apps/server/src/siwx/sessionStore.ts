import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { SiwxAccount, SiwxSession } from '@foyer/protocol'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

/** One account that just signed in, as it will be kept in its session. */
export type SiwxAccountRecord = {
  namespace: string
  address: string
  /** CAIP-2. */
  chainId: string
  issuedAt: Date
  expiresAt: Date
}

/** A new cookie token: 256 random bits, base64url (43 characters). */
export function newSiwxToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps of a token: its SHA-256, hex. A leaked table signs nobody in. */
export function hashSiwxToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export type SaveSiwxSignInParameters = {
  /** Run in the transaction that spent the nonce. */
  db: Kysely<Database>
  projectId: string
  /** Hashes of the request's `foyer_siwx` tokens (usually one, or none). */
  tokenHashes: readonly string[]
  account: SiwxAccountRecord
  now: number
}

export type SaveSiwxSignInResult = {
  /** The browser's new cookie token (every sign-in rotates it). */
  token: string
  session: SiwxSession
  /** When the token's last live session (of any project) ends: the cookie's expiry. */
  cookieExpiresAt: Date
}

/**
 * Stores a verified sign-in. The browser's live session of this project (found by its cookie)
 * gets the account, replacing the account of the same namespace, so one session can hold an
 * EVM and a Solana account; without one, a new session starts. Either way the browser's token is
 * replaced (its live sessions of other projects move to the new one): a token planted in the
 * browser before the sign-in (session fixation) never carries the visitor's session.
 */
export async function saveSiwxSignIn(
  parameters: SaveSiwxSignInParameters,
): Promise<SaveSiwxSignInResult> {
  const { db, projectId, tokenHashes, account, now } = parameters
  const at = new Date(now)
  const live =
    tokenHashes.length === 0
      ? []
      : await db
          .selectFrom('siwx_sessions')
          .select(['id', 'token_hash', 'project_id'])
          .where('token_hash', 'in', tokenHashes)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', at)
          .execute()
  // A browser holds one token; with several (a cookie of another Domain, say), the one with a
  // session of this project is continued.
  const current = live.find((row) => row.project_id === projectId) ?? live[0]
  const token = newSiwxToken()
  const tokenHash = hashSiwxToken(token)
  if (current)
    await db
      .updateTable('siwx_sessions')
      .set({ token_hash: tokenHash })
      .where('token_hash', '=', current.token_hash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .execute()

  let sessionId = current?.project_id === projectId ? current.id : undefined
  if (sessionId === undefined) {
    sessionId = randomUUID()
    await db
      .insertInto('siwx_sessions')
      .values({
        id: sessionId,
        token_hash: tokenHash,
        project_id: projectId,
        expires_at: account.expiresAt,
      })
      .execute()
  }
  const values = {
    address: account.address,
    chain_id: account.chainId,
    issued_at: account.issuedAt,
    expires_at: account.expiresAt,
    signed_in_at: at,
  }
  await db
    .insertInto('siwx_session_accounts')
    .values({ session_id: sessionId, namespace: account.namespace, ...values })
    .onConflict((oc) => oc.columns(['session_id', 'namespace']).doUpdateSet(values))
    .execute()
  // The session lasts as long as its longest-lived account.
  await db
    .updateTable('siwx_sessions')
    .set({
      expires_at: sql<Date>`(select max(expires_at) from siwx_session_accounts where session_id = ${sessionId})`,
    })
    .where('id', '=', sessionId)
    .execute()

  const session = await readSession(db, sessionId, at)
  const latest = await db
    .selectFrom('siwx_sessions')
    .select((eb) => eb.fn.max('expires_at').as('expires_at'))
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return {
    token,
    // The account just stored is live (its expiry was checked), so the session has one.
    session: session!,
    cookieExpiresAt: new Date(latest?.expires_at ?? account.expiresAt),
  }
}

export type FindSiwxSessionParameters = {
  db: Kysely<Database>
  projectId: string
  tokenHashes: readonly string[]
  now: number
}

export type FindSiwxSessionResult =
  | { status: 'active'; session: SiwxSession }
  | { status: 'none' | 'expired' | 'revoked' }

/** The browser's live session of this project, or why there is none. */
export async function findSiwxSession({
  db,
  projectId,
  tokenHashes,
  now,
}: FindSiwxSessionParameters): Promise<FindSiwxSessionResult> {
  if (tokenHashes.length === 0) return { status: 'none' }
  const at = new Date(now)
  const rows = await db
    .selectFrom('siwx_sessions')
    .select(['id', 'expires_at', 'revoked_at'])
    .where('token_hash', 'in', tokenHashes)
    .where('project_id', '=', projectId)
    .execute()
  for (const row of rows) {
    if (row.revoked_at !== null || new Date(row.expires_at).getTime() <= now) continue
    const session = await readSession(db, row.id, at)
    if (session) return { status: 'active', session }
  }
  if (rows.some((row) => row.revoked_at !== null)) return { status: 'revoked' }
  return { status: rows.length > 0 ? 'expired' : 'none' }
}

export type RevokeSiwxSessionResult = {
  /** A live session of this project was signed out. */
  revoked: boolean
  /** The browser's token still has live sessions (of other projects): keep the cookie. */
  tokenInUse: boolean
}

/** Signs out the browser's session of this project (its sessions of other projects stay). */
export async function revokeSiwxSession({
  db,
  projectId,
  tokenHashes,
  now,
}: FindSiwxSessionParameters): Promise<RevokeSiwxSessionResult> {
  if (tokenHashes.length === 0) return { revoked: false, tokenInUse: false }
  const at = new Date(now)
  const revoked = await db
    .updateTable('siwx_sessions')
    .set({ revoked_at: at })
    .where('token_hash', 'in', tokenHashes)
    .where('project_id', '=', projectId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('id')
    .execute()
  const other = await db
    .selectFrom('siwx_sessions')
    .select('id')
    .where('token_hash', 'in', tokenHashes)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .limit(1)
    .executeTakeFirst()
  return { revoked: revoked.length > 0, tokenInUse: other !== undefined }
}

/** A session's live accounts, newest sign-in first; undefined when none is live. */
async function readSession(
  db: Kysely<Database>,
  sessionId: string,
  at: Date,
): Promise<SiwxSession | undefined> {
  const rows = await db
    .selectFrom('siwx_session_accounts')
    .select(['namespace', 'address', 'chain_id', 'expires_at'])
    .where('session_id', '=', sessionId)
    .where('expires_at', '>', at)
    .orderBy('signed_in_at', 'desc')
    .orderBy('namespace')
    .execute()
  const accounts: SiwxAccount[] = rows.map((row) => ({
    address: row.address,
    chainId: row.chain_id,
    namespace: row.namespace,
    expiresAt: new Date(row.expires_at).toISOString(),
  }))
  const [latest] = accounts
  return latest ? { ...latest, accounts } : undefined
}
