import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { appendCookie, readCookie } from './cookies.ts'
import { hashToken } from './oneTimeCode.ts'

export const accessCookieName = 'foyer_session'
export const refreshCookieName = 'foyer_refresh'
const refreshCookiePath = '/v1/embedded'

export type EmbeddedSession = {
  sessionId: string
  userId: string
  email: string
  deviceId: string
  /** The device was approved by the emailed link in this login. */
  deviceApproved: boolean
}

export type SessionService = {
  /** Starts a session (a new refresh-token family) and sets both cookies. */
  start: (
    reply: FastifyReply,
    parameters: { userId: string; deviceId: string; deviceApproved: boolean },
  ) => Promise<string>
  /** The request's live session; refreshes (with rotation) from the refresh cookie when needed. */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<EmbeddedSession | null>
  /** Rotates the refresh token. A rotated token presented again revokes its whole session. */
  refresh: (request: FastifyRequest, reply: FastifyReply) => Promise<EmbeddedSession | null>
  /** Revokes the request's session and clears the cookies. */
  signOut: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
}

export type CreateSessionServiceParameters = {
  db: Kysely<Database>
  secret: Uint8Array
  /** Secure cookies (https frame origin). */
  secure: boolean
  accessTokenTtlSeconds?: number
  refreshTokenTtlSeconds?: number
}

const issuer = 'foyer'
const audience = 'foyer-frame'

/** Short signed access tokens (jose, HS256) plus rotating opaque refresh tokens kept hashed. */
export function createSessionService(parameters: CreateSessionServiceParameters): SessionService {
  const { db, secret, secure } = parameters
  const accessTtl = parameters.accessTokenTtlSeconds ?? 15 * 60
  const refreshTtl = parameters.refreshTokenTtlSeconds ?? 30 * 24 * 3600

  async function issue(reply: FastifyReply, sessionId: string, userId: string) {
    const access = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${accessTtl}s`)
      .sign(secret)
    const refresh = randomBytes(32).toString('base64url')
    await db
      .insertInto('embedded_refresh_tokens')
      .values({
        token_hash: hashToken(secret, refresh),
        session_id: sessionId,
        expires_at: new Date(Date.now() + refreshTtl * 1000),
        rotated_at: null,
      })
      .execute()
    appendCookie(reply, accessCookieName, access, { maxAgeSeconds: accessTtl, path: '/', secure })
    appendCookie(reply, refreshCookieName, refresh, {
      maxAgeSeconds: refreshTtl,
      path: refreshCookiePath,
      secure,
    })
  }

  async function loadSession(sessionId: string): Promise<EmbeddedSession | null> {
    const row = await db
      .selectFrom('embedded_sessions as s')
      .innerJoin('embedded_users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.device_id', 's.device_approved', 's.revoked_at', 'u.email'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst()
    if (!row || row.revoked_at) return null
    return {
      sessionId: row.id,
      userId: row.user_id,
      email: row.email,
      deviceId: row.device_id,
      deviceApproved: row.device_approved,
    }
  }

  async function revoke(sessionId: string) {
    await db
      .updateTable('embedded_sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute()
  }

  function clearCookies(reply: FastifyReply) {
    appendCookie(reply, accessCookieName, '', { maxAgeSeconds: 0, path: '/', secure })
    appendCookie(reply, refreshCookieName, '', {
      maxAgeSeconds: 0,
      path: refreshCookiePath,
      secure,
    })
  }

  const service: SessionService = {
    async start(reply, { userId, deviceId, deviceApproved }) {
      const sessionId = randomUUID()
      await db
        .insertInto('embedded_sessions')
        .values({
          id: sessionId,
          user_id: userId,
          device_id: deviceId,
          device_approved: deviceApproved,
          revoked_at: null,
        })
        .execute()
      await issue(reply, sessionId, userId)
      return sessionId
    },

    async authenticate(request, reply) {
      const token = readCookie(request, accessCookieName)
      if (token) {
        const verified = await jwtVerify(token, secret, {
          issuer,
          audience,
          algorithms: ['HS256'],
        }).catch(() => undefined)
        const sessionId = verified?.payload.sid
        if (typeof sessionId === 'string') {
          const session = await loadSession(sessionId)
          // A revoked session stays revoked: no silent refresh.
          if (session && session.userId === verified?.payload.sub) return session
          if (!session) return null
        }
      }
      return service.refresh(request, reply)
    },

    async refresh(request, reply) {
      const token = readCookie(request, refreshCookieName)
      if (!token) return null
      const tokenHash = hashToken(secret, token)
      const row = await db
        .selectFrom('embedded_refresh_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst()
      if (!row) return null
      // Single use: whoever rotates first wins; a second use means the token was copied.
      const rotated = await db
        .updateTable('embedded_refresh_tokens')
        .set({ rotated_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('rotated_at', 'is', null)
        .returning('session_id')
        .executeTakeFirst()
      if (!rotated) {
        await revoke(row.session_id)
        clearCookies(reply)
        return null
      }
      if (row.expires_at.getTime() <= Date.now()) return null
      const session = await loadSession(row.session_id)
      if (!session) return null
      await issue(reply, session.sessionId, session.userId)
      return session
    },

    async signOut(request, reply) {
      const token = readCookie(request, accessCookieName)
      const verified = token
        ? await jwtVerify(token, secret, { issuer, audience, algorithms: ['HS256'] }).catch(
            () => undefined,
          )
        : undefined
      if (typeof verified?.payload.sid === 'string') await revoke(verified.payload.sid)
      const refresh = readCookie(request, refreshCookieName)
      if (refresh) {
        const row = await db
          .selectFrom('embedded_refresh_tokens')
          .select('session_id')
          .where('token_hash', '=', hashToken(secret, refresh))
          .executeTakeFirst()
        if (row) await revoke(row.session_id)
      }
      clearCookies(reply)
    },
  }
  return service
}
