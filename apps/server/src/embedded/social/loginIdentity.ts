import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { EmbeddedApiError } from '../errors.ts'
import type { SocialProfile } from './socialProviders.ts'

export type LoginIdentityParameters = {
  db: Kysely<Database>
  projectId: string
  /** google, …, farcaster. */
  provider: string
  profile: SocialProfile
  deviceId: string
}

/**
 * The account of a provider's identity in this project, made on its first login (the same
 * identity on any device gets the same account, so the same wallet). Its own account: a social
 * login never joins an email account by a matching address, which a provider that lets people
 * claim unverified addresses would turn into a takeover. The device becomes one of the account's.
 */
export async function loginIdentity(parameters: LoginIdentityParameters) {
  const { db, projectId, provider, profile, deviceId } = parameters
  const displayName = profile.name ?? profile.username ?? profile.email
  const findIdentity = () =>
    db
      .selectFrom('embedded_identities')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('provider', '=', provider)
      .where('subject', '=', profile.subject)
      .executeTakeFirst()
  let identity = await findIdentity()
  if (!identity) {
    const userId = randomUUID()
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('embedded_identities')
        .values({
          project_id: projectId,
          provider,
          subject: profile.subject,
          user_id: userId,
          email: profile.email ?? null,
          display_name: profile.name ?? null,
          username: profile.username ?? null,
          last_login_at: null,
        })
        .onConflict((c) => c.columns(['project_id', 'provider', 'subject']).doNothing())
        .returning('user_id')
        .executeTakeFirst()
      // Another request made it first: use that account.
      if (!inserted) return
      await trx
        .insertInto('embedded_users')
        .values({
          id: userId,
          project_id: projectId,
          email: null,
          social_provider: provider,
          display_name: displayName ?? null,
          last_login_at: null,
        })
        .execute()
    })
    identity = await findIdentity()
  }
  if (!identity) throw new EmbeddedApiError(500, 'server_error', 'Server Error')
  const now = new Date()
  // What the provider says now replaces what it said before (a renamed account shows its name).
  await db
    .updateTable('embedded_identities')
    .set({
      last_login_at: now,
      ...(profile.email ? { email: profile.email } : {}),
      ...(profile.name ? { display_name: profile.name } : {}),
      ...(profile.username ? { username: profile.username } : {}),
    })
    .where('project_id', '=', projectId)
    .where('provider', '=', provider)
    .where('subject', '=', profile.subject)
    .execute()
  await db
    .updateTable('embedded_users')
    .set({ last_login_at: now, ...(displayName ? { display_name: displayName } : {}) })
    .where('id', '=', identity.user_id)
    .execute()
  await db
    .insertInto('embedded_devices')
    .values({ user_id: identity.user_id, device_id: deviceId })
    .onConflict((c) => c.columns(['user_id', 'device_id']).doNothing())
    .execute()
  return db
    .selectFrom('embedded_users')
    .selectAll()
    .where('id', '=', identity.user_id)
    .executeTakeFirstOrThrow()
}
