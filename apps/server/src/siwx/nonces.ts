import { randomBytes } from 'node:crypto'
import { siwxNonceLifetimeMs } from '@foyer/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { SiwxNonceExpiredError, SiwxNonceUnknownError } from './errors.ts'

export type IssueSiwxNonceParameters = { db: Kysely<Database>; projectId: string; now: number }

/**
 * A fresh nonce for the project's next sign-in message: 128 random bits as 32 hex characters
 * (EIP-4361 wants at least 8 letters and digits), valid 10 minutes, usable once.
 */
export async function issueSiwxNonce({
  db,
  projectId,
  now,
}: IssueSiwxNonceParameters): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = randomBytes(16).toString('hex')
  const expiresAt = new Date(now + siwxNonceLifetimeMs)
  await db
    .insertInto('siwx_nonces')
    .values({ nonce, project_id: projectId, expires_at: expiresAt })
    .execute()
  return { nonce, expiresAt }
}

export type SiwxNonceParameters = {
  db: Kysely<Database>
  projectId: string
  nonce: string
  now: number
}

/**
 * Throws unless `nonce` was issued for this project, is unused and has not expired; changes
 * nothing (the signature is checked before the nonce is spent). Another project's nonce is
 * answered as never issued.
 */
export async function checkSiwxNonce({ db, projectId, nonce, now }: SiwxNonceParameters) {
  const row = await db
    .selectFrom('siwx_nonces')
    .select(['expires_at', 'used_at'])
    .where('nonce', '=', nonce)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (!row || row.used_at !== null) throw new SiwxNonceUnknownError()
  if (new Date(row.expires_at).getTime() <= now) throw new SiwxNonceExpiredError()
}

/**
 * Spends the nonce: one conditional update, so of two sign-ins racing with one nonce exactly
 * one succeeds. Run it in the transaction that stores the session. Throws like `checkSiwxNonce`.
 */
export async function consumeSiwxNonce({ db, projectId, nonce, now }: SiwxNonceParameters) {
  const spent = await db
    .updateTable('siwx_nonces')
    .set({ used_at: new Date(now) })
    .where('nonce', '=', nonce)
    .where('project_id', '=', projectId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .returning('nonce')
    .executeTakeFirst()
  if (!spent) {
    await checkSiwxNonce({ db, projectId, nonce, now })
    throw new SiwxNonceUnknownError()
  }
}
