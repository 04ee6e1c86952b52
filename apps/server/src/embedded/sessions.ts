import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { appendCookie, readCookie } from './cookies.ts'
import { projectMismatch } from './errors.ts'
import { hashToken } from './oneTimeCode.ts'

export const accessCookieName = 'foyer_session'
export const refreshCookieName = 'foyer_refresh'
const refreshCookiePath = '/v1/embedded'

export type EmbeddedSession = {
  sessionId: string
  /** The project the session was started under; it works under no other. */
  projectId: string
  userId: string
  /** Undefined for a social or Farcaster account that gave no email. */
  email: string | undefined
  /** The social login that made the account (google, …, farcaster); undefined for email. */
  socialProvider: string | undefined
  /** The provider's display name (social and Farcaster accounts). */
  userName: string | undefined
  deviceId: string
  /** The device was approved by the emailed link in this login. */
  deviceApproved: boolean
  /** When the login started the session; it ends `sessionLifetimeSeconds` later, refreshed or not. */
  startedAt: Date
}

export type SessionService = {
  /** Starts a session (a new refresh-token family) and sets both cookies. */
  start: (
    reply: FastifyReply,
    parameters: { projectId: string; userId: string; deviceId: string; deviceApproved: boolean },
  ) => Promise<string>
  /**
   * The request's live session; refreshes (with rotation) from the refresh cookie when needed.
   * Throws 403 `project_mismatch` for a session of another project than `projectId` (the request's),
   * without refreshing it.
   */
  authenticate: (
    request: FastifyRequest,
    reply: FastifyReply,
    projectId: string,
  ) => Promise<EmbeddedSession | null>
  /**
   * Rotates the refresh token. A rotated token presented again revokes its whole session. Throws
   * 403 `project_mismatch` for a session of another project, before rotating anything.
   */
  refresh: (
    request: FastifyRequest,
    reply: FastifyReply,
    projectId: string,
  ) => Promise<EmbeddedSession | null>
  /**
   * Revokes the request's session and clears the cookies. A session of another project is left
   * alone (403 `project_mismatch`): one project's frame cannot sign the visitor out of another's.
   */
  signOut: (request: FastifyRequest, reply: FastifyReply, projectId: string) => Promise<void>
}

export type CreateSessionServiceParameters = {
  db: Kysely<Database>
  /** Signs the access tokens (HS256); also keys the refresh-token digests unless `refreshTokenKeys`. */
  secret: Uint8Array
  /** Access-token keys still accepted (rotation), `secret` first; default `[secret]`. */
  verifyingSecrets?: readonly Uint8Array[] | undefined
  /** The refresh-token digest key and the ones still accepted (rotation); default `secret`. */
  refreshTokenKeys?: { current: Uint8Array; verifying: readonly Uint8Array[] } | undefined
  /** Secure cookies (https frame origin). */
  secure: boolean
  accessTokenTtlSeconds?: number
  refreshTokenTtlSeconds?: number
  /**
   * Absolute lifetime from the login (default 90 days): refreshing never carries a session past
   * it, its tokens and cookies expire with it, then the visitor logs in again.
   */
  sessionLifetimeSeconds?: number | undefined
}

/** Default absolute session lifetime: 90 days. */
export const defaultSessionLifetimeSeconds = 90 * 24 * 3600

const issuer = 'foyer'
const audience = 'foyer-frame'

/** Short signed access tokens (jose, HS256) plus rotating opaque refresh tokens kept hashed. */
export function createSessionService(parameters: CreateSessionServiceParameters): SessionService {
  const { db, secret, secure } = parameters
  const jwtKeys = parameters.verifyingSecrets ?? [secret]
  const refreshKey = parameters.refreshTokenKeys?.current ?? secret
  /** Digests of a refresh token under every accepted key (the newest first). */
  const refreshHashes = (token: string) =>
    (parameters.refreshTokenKeys?.verifying ?? [secret]).map((key) => hashToken(key, token))
  const accessTtlDefault = parameters.accessTokenTtlSeconds ?? 15 * 60
  const refreshTtlDefault = parameters.refreshTokenTtlSeconds ?? 30 * 24 * 3600
  const lifetime = parameters.sessionLifetimeSeconds ?? defaultSessionLifetimeSeconds
  /** Whole seconds the session has left (0 = over). */
  const secondsLeft = (startedAt: Date) =>
    Math.max(0, Math.floor((startedAt.getTime() + lifetime * 1000 - Date.now()) / 1000))

  async function issue(
    reply: FastifyReply,
    session: Pick<EmbeddedSession, 'sessionId' | 'projectId' | 'userId' | 'startedAt'>,
  ) {
    // No token outlives the session's absolute end.
    const left = secondsLeft(session.startedAt)
    const accessTtl = Math.min(accessTtlDefault, left)
    const refreshTtl = Math.min(refreshTtlDefault, left)
    const access = await new SignJWT({ sid: session.sessionId, pid: session.projectId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.userId)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${accessTtl}s`)
      .sign(secret)
    const refresh = randomBytes(32).toString('base64url')
    await db
      .insertInto('embedded_refresh_tokens')
      .values({
        token_hash: hashToken(refreshKey, refresh),
        session_id: session.sessionId,
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
      .select([
        's.id',
        's.project_id',
        's.user_id',
        's.device_id',
        's.device_approved',
        's.created_at',
        's.revoked_at',
        'u.email',
        'u.social_provider',
        'u.display_name',
      ])
      .where('s.id', '=', sessionId)
      .executeTakeFirst()
    if (!row || row.revoked_at) return null
    // Past its absolute lifetime a session is over, however recently it was refreshed.
    if (secondsLeft(row.created_at) <= 0) return null
    return {
      sessionId: row.id,
      projectId: row.project_id,
      userId: row.user_id,
      email: row.email ?? undefined,
      socialProvider: row.social_provider ?? undefined,
      userName: row.display_name ?? undefined,
      deviceId: row.device_id,
      deviceApproved: row.device_approved,
      startedAt: row.created_at,
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

  const verifyAccessToken = async (request: FastifyRequest) => {
    const token = readCookie(request, accessCookieName)
    if (!token) return undefined
    for (const key of jwtKeys) {
      const verified = await jwtVerify(token, key, {
        issuer,
        audience,
        algorithms: ['HS256'],
      }).catch(() => undefined)
      if (verified) return verified.payload
    }
    return undefined
  }

  const service: SessionService = {
    async start(reply, { projectId, userId, deviceId, deviceApproved }) {
      const session = {
        sessionId: randomUUID(),
        projectId,
        userId,
        deviceId,
        deviceApproved,
        startedAt: new Date(),
      }
      await db
        .insertInto('embedded_sessions')
        .values({
          id: session.sessionId,
          project_id: projectId,
          user_id: userId,
          device_id: deviceId,
          device_approved: deviceApproved,
          created_at: session.startedAt,
          revoked_at: null,
        })
        .execute()
      await issue(reply, session)
      return session.sessionId
    },

    async authenticate(request, reply, projectId) {
      const payload = await verifyAccessToken(request)
      if (typeof payload?.sid === 'string') {
        if (payload.pid !== projectId) throw projectMismatch()
        const session = await loadSession(payload.sid)
        // A revoked session stays revoked: no silent refresh.
        if (!session) return null
        if (session.userId === payload.sub && session.projectId === payload.pid) return session
      }
      return service.refresh(request, reply, projectId)
    },

    async refresh(request, reply, projectId) {
      const token = readCookie(request, refreshCookieName)
      if (!token) return null
      const row = await db
        .selectFrom('embedded_refresh_tokens as t')
        .innerJoin('embedded_sessions as s', 's.id', 't.session_id')
        .select(['t.token_hash', 't.session_id', 't.expires_at', 's.project_id'])
        .where('t.token_hash', 'in', refreshHashes(token))
        .executeTakeFirst()
      if (!row) return null
      const tokenHash = row.token_hash
      if (row.project_id !== projectId) throw projectMismatch()
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
      if (!session) {
        clearCookies(reply)
        return null
      }
      await issue(reply, session)
      return session
    },

    async signOut(request, reply, projectId) {
      const payload = await verifyAccessToken(request)
      const refresh = readCookie(request, refreshCookieName)
      const refreshRow = refresh
        ? await db
            .selectFrom('embedded_refresh_tokens as t')
            .innerJoin('embedded_sessions as s', 's.id', 't.session_id')
            .select(['t.session_id', 's.project_id'])
            .where('t.token_hash', 'in', refreshHashes(refresh))
            .executeTakeFirst()
        : undefined
      if (
        (typeof payload?.sid === 'string' && payload.pid !== projectId) ||
        (refreshRow && refreshRow.project_id !== projectId)
      )
        throw projectMismatch()
      if (typeof payload?.sid === 'string') await revoke(payload.sid)
      if (refreshRow) await revoke(refreshRow.session_id)
      clearCookies(reply)
    },
  }
  return service
}
