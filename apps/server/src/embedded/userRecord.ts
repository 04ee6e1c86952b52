import type { AuthApiResponse } from '@foyer/frame/protocol'
import type { Selectable } from 'kysely'
import type { EmbeddedUsersTable } from '../db/schema.ts'
import type { EmbeddedSession } from './sessions.ts'

export type UserRecord = NonNullable<AuthApiResponse<'getSession'>['user']>

/** What the frame learns about the logged-in account (no field it does not have). */
export function toUserRecord(user: Selectable<EmbeddedUsersTable>): UserRecord {
  return userRecord(user.id, user.email, user.social_provider, user.display_name)
}

export function sessionUserRecord(session: EmbeddedSession): UserRecord {
  return userRecord(session.userId, session.email, session.socialProvider, session.userName)
}

function userRecord(
  userId: string,
  email: string | null | undefined,
  socialProvider: string | null | undefined,
  userName: string | null | undefined,
): UserRecord {
  return {
    userId,
    ...(email ? { email } : {}),
    ...(socialProvider ? { socialProvider: socialProvider as UserRecord['socialProvider'] } : {}),
    ...(userName ? { userName } : {}),
  }
}
