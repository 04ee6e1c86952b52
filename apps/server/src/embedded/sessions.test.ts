import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { decodeJwt, jwtVerify, SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDatabase } from '../../test/support/openTestDatabase.ts'
import type { FoyerDatabase } from '../db/createDatabase.ts'
import type { EmbeddedApiError } from './errors.ts'
import { hashToken } from './oneTimeCode.ts'
import {
  accessCookieName,
  type CreateSessionServiceParameters,
  createSessionService,
  defaultSessionLifetimeSeconds,
  refreshCookieName,
} from './sessions.ts'

const secret = new Uint8Array(32).fill(7)
const oldSecret = new Uint8Array(32).fill(8)
const day = 24 * 3600
const start = Date.parse('2030-01-01T00:00:00Z')

let database: FoyerDatabase
let closeDatabase: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ database, close: closeDatabase } = await openTestDatabase())
})
afterAll(async () => {
  await closeDatabase()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Only the clock is faked: the database keeps its own timers. */
function setClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(ms)
}

type Cookie = { value: string; attributes: string[] }

/** A reply that records its headers, as Fastify's does. */
function fakeReply() {
  const headers: Record<string, unknown> = {}
  const reply = {
    getHeader: (name: string) => headers[name],
    header(name: string, value: unknown) {
      headers[name] = value
      return reply
    },
  }
  const cookies = (): Record<string, Cookie> => {
    const list = (headers['set-cookie'] as string[] | undefined) ?? []
    const jar: Record<string, Cookie> = {}
    for (const line of list) {
      const [pair, ...attributes] = line.split('; ')
      const index = pair!.indexOf('=')
      jar[pair!.slice(0, index)] = {
        value: decodeURIComponent(pair!.slice(index + 1)),
        attributes,
      }
    }
    return jar
  }
  return { reply: reply as unknown as FastifyReply, cookies }
}

function requestWith(cookies: Record<string, string | undefined>): FastifyRequest {
  const header = Object.entries(cookies)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('; ')
  return { headers: header ? { cookie: header } : {} } as unknown as FastifyRequest
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: EmbeddedApiError) => error,
  )

function service(options: Partial<CreateSessionServiceParameters> = {}) {
  return createSessionService({ db: database.db, secret, secure: true, ...options })
}

async function newUser(
  fields: { email?: string | null; social_provider?: string; display_name?: string } = {},
) {
  const id = randomUUID()
  await database.db
    .insertInto('embedded_users')
    .values({
      id,
      project_id: 'p1',
      email: fields.email === undefined ? `${id}@example.com` : fields.email,
      social_provider: fields.social_provider ?? null,
      display_name: fields.display_name ?? null,
      last_login_at: null,
    })
    .execute()
  return id
}

/** Logs a new user in under project p1: the session id, the user and the cookies set. */
async function login(sessions = service(), projectId = 'p1') {
  const userId = await newUser()
  const { reply, cookies } = fakeReply()
  const sessionId = await sessions.start(reply, {
    projectId,
    userId,
    deviceId: 'device-1',
    deviceApproved: true,
  })
  const jar = cookies()
  return {
    sessionId,
    userId,
    jar,
    access: jar[accessCookieName]!.value,
    refresh: jar[refreshCookieName]!.value,
  }
}

describe('sessions: starting one', () => {
  it('sets a 15-minute access cookie on / and a 30-day refresh cookie on /v1/embedded, httpOnly, strict, secure', async () => {
    setClock(start)
    const { jar } = await login()
    expect(jar[accessCookieName]!.attributes).toEqual([
      'Path=/',
      `Max-Age=${15 * 60}`,
      'HttpOnly',
      'SameSite=Strict',
      'Secure',
    ])
    expect(jar[refreshCookieName]!.attributes).toEqual([
      'Path=/v1/embedded',
      `Max-Age=${30 * day}`,
      'HttpOnly',
      'SameSite=Strict',
      'Secure',
    ])
    expect(jar[refreshCookieName]!.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('leaves the cookies without Secure for an http frame', async () => {
    const { jar } = await login(service({ secure: false }))
    expect(jar[accessCookieName]!.attributes).not.toContain('Secure')
    expect(jar[refreshCookieName]!.attributes).not.toContain('Secure')
  })

  it('signs an HS256 access token for the frame naming the session, project and user', async () => {
    setClock(start)
    const { access, sessionId, userId } = await login()
    const { payload, protectedHeader } = await jwtVerify(access, secret, {
      issuer: 'foyer',
      audience: 'foyer-frame',
      algorithms: ['HS256'],
      currentDate: new Date(start),
    })
    expect(protectedHeader.alg).toBe('HS256')
    expect(payload).toMatchObject({ sid: sessionId, pid: 'p1', sub: userId })
    expect(payload.exp! - payload.iat!).toBe(15 * 60)
    expect(payload.iat).toBe(start / 1000)
  })

  it('keeps the refresh token only as its keyed digest, expiring in 30 days', async () => {
    setClock(start)
    const { refresh, sessionId } = await login()
    const row = await database.db
      .selectFrom('embedded_refresh_tokens')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(row.token_hash).toBe(hashToken(secret, refresh))
    expect(row.expires_at.getTime()).toBe(start + 30 * day * 1000)
    expect(row.rotated_at).toBeNull()
    const session = await database.db
      .selectFrom('embedded_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(session).toMatchObject({
      project_id: 'p1',
      device_id: 'device-1',
      device_approved: true,
      revoked_at: null,
    })
    expect(session.created_at.getTime()).toBe(start)
  })

  it('uses the configured token lifetimes and key for refresh digests', async () => {
    setClock(start)
    const refreshKey = new Uint8Array(32).fill(9)
    const sessions = service({
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      refreshTokenKeys: { current: refreshKey, verifying: [refreshKey] },
    })
    const { jar, refresh, sessionId } = await login(sessions)
    expect(jar[accessCookieName]!.attributes).toContain('Max-Age=60')
    expect(jar[refreshCookieName]!.attributes).toContain('Max-Age=3600')
    const row = await database.db
      .selectFrom('embedded_refresh_tokens')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(row.token_hash).toBe(hashToken(refreshKey, refresh))
  })
})

describe('sessions: authenticating a request', () => {
  it('answers the session of a valid access token with the account it belongs to', async () => {
    const sessions = service()
    const userId = await newUser({
      email: null,
      social_provider: 'github',
      display_name: 'Octo Cat',
    })
    const { reply, cookies } = fakeReply()
    const sessionId = await sessions.start(reply, {
      projectId: 'p1',
      userId,
      deviceId: 'device-9',
      deviceApproved: false,
    })
    const access = cookies()[accessCookieName]!.value
    const after = fakeReply()
    const session = await sessions.authenticate(
      requestWith({ [accessCookieName]: access }),
      after.reply,
      'p1',
    )
    expect(session).toEqual({
      sessionId,
      projectId: 'p1',
      userId,
      email: undefined,
      socialProvider: 'github',
      userName: 'Octo Cat',
      deviceId: 'device-9',
      deviceApproved: false,
      startedAt: expect.any(Date),
    })
    // A valid access token needs no refresh: no cookie is set.
    expect(after.cookies()).toEqual({})
  })

  it('answers an email account with its email', async () => {
    const sessions = service()
    const { access, userId } = await login(sessions)
    const session = await sessions.authenticate(
      requestWith({ [accessCookieName]: access }),
      fakeReply().reply,
      'p1',
    )
    expect(session?.email).toBe(`${userId}@example.com`)
    expect(session?.socialProvider).toBeUndefined()
    expect(session?.userName).toBeUndefined()
  })

  it('refuses a session of another project with 403 project_mismatch, without refreshing it', async () => {
    const sessions = service()
    const { access, refresh } = await login(sessions)
    const { reply, cookies } = fakeReply()
    const error = await failure(
      sessions.authenticate(
        requestWith({ [accessCookieName]: access, [refreshCookieName]: refresh }),
        reply,
        'p2',
      ),
    )
    expect(error).toMatchObject({ statusCode: 403, code: 'project_mismatch' })
    expect(cookies()).toEqual({})
    // The refresh token was not used up.
    const refreshed = await sessions.refresh(
      requestWith({ [refreshCookieName]: refresh }),
      fakeReply().reply,
      'p1',
    )
    expect(refreshed).not.toBeNull()
  })

  it('refuses a refresh token of another project with 403 project_mismatch', async () => {
    const sessions = service()
    const { refresh } = await login(sessions)
    const error = await failure(
      sessions.authenticate(requestWith({ [refreshCookieName]: refresh }), fakeReply().reply, 'p2'),
    )
    expect(error).toMatchObject({ statusCode: 403, code: 'project_mismatch' })
  })

  it('keeps a revoked session signed out even with a refresh cookie', async () => {
    const sessions = service()
    const { access, refresh } = await login(sessions)
    await sessions.signOut(requestWith({ [accessCookieName]: access }), fakeReply().reply, 'p1')
    const { reply, cookies } = fakeReply()
    const session = await sessions.authenticate(
      requestWith({ [accessCookieName]: access, [refreshCookieName]: refresh }),
      reply,
      'p1',
    )
    expect(session).toBeNull()
    expect(cookies()).toEqual({})
  })

  it('refreshes from the refresh cookie when the access token has expired', async () => {
    setClock(start)
    const sessions = service()
    const { access, refresh, sessionId } = await login(sessions)
    setClock(start + 16 * 60_000)
    const { reply, cookies } = fakeReply()
    const session = await sessions.authenticate(
      requestWith({ [accessCookieName]: access, [refreshCookieName]: refresh }),
      reply,
      'p1',
    )
    expect(session?.sessionId).toBe(sessionId)
    expect(cookies()[accessCookieName]!.value).not.toBe(access)
    expect(cookies()[refreshCookieName]!.value).not.toBe(refresh)
  })

  it('does not take an access token that expired a second ago, nor one without the refresh cookie', async () => {
    setClock(start)
    const sessions = service()
    const { access } = await login(sessions)
    setClock(start + 15 * 60_000 - 1000)
    expect(
      await sessions.authenticate(
        requestWith({ [accessCookieName]: access }),
        fakeReply().reply,
        'p1',
      ),
    ).not.toBeNull()
    setClock(start + 15 * 60_000 + 1000)
    expect(
      await sessions.authenticate(
        requestWith({ [accessCookieName]: access }),
        fakeReply().reply,
        'p1',
      ),
    ).toBeNull()
  })

  it('accepts an access token signed with a key still in rotation, and refuses one signed with another', async () => {
    const before = service({ secret: oldSecret })
    const { access } = await login(before)
    const rotated = service({ verifyingSecrets: [secret, oldSecret] })
    expect(
      await rotated.authenticate(
        requestWith({ [accessCookieName]: access }),
        fakeReply().reply,
        'p1',
      ),
    ).not.toBeNull()
    expect(
      await service().authenticate(
        requestWith({ [accessCookieName]: access }),
        fakeReply().reply,
        'p1',
      ),
    ).toBeNull()
  })

  it('refuses a token of another issuer or audience, or of another algorithm', async () => {
    const sessions = service()
    const { sessionId, userId } = await login(sessions)
    const token = (claims: { iss: string; aud: string; alg?: string }) =>
      new SignJWT({ sid: sessionId, pid: 'p1' })
        .setProtectedHeader({ alg: claims.alg ?? 'HS256' })
        .setSubject(userId)
        .setIssuer(claims.iss)
        .setAudience(claims.aud)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(secret)
    const check = async (access: string) =>
      sessions.authenticate(requestWith({ [accessCookieName]: access }), fakeReply().reply, 'p1')
    expect(await check(await token({ iss: 'foyer', aud: 'foyer-frame' }))).not.toBeNull()
    expect(await check(await token({ iss: 'other', aud: 'foyer-frame' }))).toBeNull()
    expect(await check(await token({ iss: 'foyer', aud: 'other' }))).toBeNull()
    expect(await check(await token({ iss: 'foyer', aud: 'foyer-frame', alg: 'HS512' }))).toBeNull()
  })

  it('does not take a token whose user is not the session’s, nor one without a session id', async () => {
    const sessions = service()
    const { sessionId } = await login(sessions)
    const forged = await new SignJWT({ sid: sessionId, pid: 'p1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone-else')
      .setIssuer('foyer')
      .setAudience('foyer-frame')
      .setExpirationTime('5m')
      .sign(secret)
    expect(
      await sessions.authenticate(
        requestWith({ [accessCookieName]: forged }),
        fakeReply().reply,
        'p1',
      ),
    ).toBeNull()
    const noSid = await new SignJWT({ pid: 'p2' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('foyer')
      .setAudience('foyer-frame')
      .setExpirationTime('5m')
      .sign(secret)
    // No session id: nothing to check the project against, and nothing is answered.
    expect(
      await sessions.authenticate(
        requestWith({ [accessCookieName]: noSid }),
        fakeReply().reply,
        'p1',
      ),
    ).toBeNull()
  })

  it('does not take a token naming another project than its session’s, even under that project', async () => {
    const sessions = service()
    const { sessionId, userId } = await login(sessions)
    // Signed with the server's key (a leaked key, or a bug that mixed projects up).
    const mixed = await new SignJWT({ sid: sessionId, pid: 'p2' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('foyer')
      .setAudience('foyer-frame')
      .setExpirationTime('5m')
      .sign(secret)
    expect(
      await sessions.authenticate(
        requestWith({ [accessCookieName]: mixed }),
        fakeReply().reply,
        'p2',
      ),
    ).toBeNull()
  })

  it('answers null without any cookie', async () => {
    expect(await service().authenticate(requestWith({}), fakeReply().reply, 'p1')).toBeNull()
  })
})

describe('sessions: the absolute lifetime', () => {
  it('ends 90 days after the login however often it was refreshed', async () => {
    expect(defaultSessionLifetimeSeconds).toBe(90 * day)
    setClock(start)
    const sessions = service()
    let { refresh } = await login(sessions)
    // Refreshed every 20 days: still signed in on day 80.
    for (let days = 20; days <= 80; days += 20) {
      setClock(start + days * day * 1000)
      const { reply, cookies } = fakeReply()
      const session = await sessions.refresh(
        requestWith({ [refreshCookieName]: refresh }),
        reply,
        'p1',
      )
      expect(session).not.toBeNull()
      refresh = cookies()[refreshCookieName]!.value
      if (days === 80) {
        // Ten days left: neither token outlives them.
        expect(cookies()[refreshCookieName]!.attributes).toContain(`Max-Age=${10 * day}`)
        expect(cookies()[accessCookieName]!.attributes).toContain(`Max-Age=${15 * 60}`)
      }
    }
    setClock(start + 90 * day * 1000 - 1500)
    const last = fakeReply()
    expect(
      await sessions.refresh(requestWith({ [refreshCookieName]: refresh }), last.reply, 'p1'),
    ).not.toBeNull()
    // 1.5 s left: whole seconds only.
    expect(last.cookies()[accessCookieName]!.attributes).toContain('Max-Age=1')
    expect(last.cookies()[refreshCookieName]!.attributes).toContain('Max-Age=1')
    refresh = last.cookies()[refreshCookieName]!.value
    setClock(start + 90 * day * 1000)
    const over = fakeReply()
    expect(
      await sessions.refresh(requestWith({ [refreshCookieName]: refresh }), over.reply, 'p1'),
    ).toBeNull()
    // The last refresh token expired with the session.
    expect(over.cookies()).toEqual({})
  })

  it('refuses a still valid access token once the session is past its lifetime', async () => {
    setClock(start)
    const sessions = service({ sessionLifetimeSeconds: 3600, accessTokenTtlSeconds: 2 * 3600 })
    const { access, jar } = await login(sessions)
    // The access token itself expires with the session.
    expect(jar[accessCookieName]!.attributes).toContain('Max-Age=3600')
    expect(decodeJwt(access).exp).toBe(start / 1000 + 3600)
    setClock(start + 3600 * 1000 - 1000)
    expect(
      await sessions.authenticate(
        requestWith({ [accessCookieName]: access }),
        fakeReply().reply,
        'p1',
      ),
    ).not.toBeNull()
  })

  it('keeps a session started at the edge of its lifetime for what is left of it, not a second more', async () => {
    setClock(start)
    const sessions = service({ sessionLifetimeSeconds: 3600 })
    /** A session started `ago` ms ago, with a refresh token valid for another minute. */
    const startedAgo = async (ago: number) => {
      const userId = await newUser()
      const sessionId = randomUUID()
      await database.db
        .insertInto('embedded_sessions')
        .values({
          id: sessionId,
          project_id: 'p1',
          user_id: userId,
          device_id: 'd',
          device_approved: false,
          created_at: new Date(start - ago),
          revoked_at: null,
        })
        .execute()
      const refresh = `edge-refresh-token-${sessionId}`
      await database.db
        .insertInto('embedded_refresh_tokens')
        .values({
          token_hash: hashToken(secret, refresh),
          session_id: sessionId,
          expires_at: new Date(start + 60_000),
          rotated_at: null,
        })
        .execute()
      const { reply, cookies } = fakeReply()
      const session = await sessions.refresh(
        requestWith({ [refreshCookieName]: refresh }),
        reply,
        'p1',
      )
      return { session, sessionId, cookies: cookies() }
    }
    // 1.5 s left.
    const edge = await startedAgo(3600 * 1000 - 1500)
    expect(edge.session?.sessionId).toBe(edge.sessionId)
    expect(edge.cookies[accessCookieName]!.attributes).toContain('Max-Age=1')
    // Over this very moment: signed out, cookies cleared.
    const over = await startedAgo(3600 * 1000)
    expect(over.session).toBeNull()
    expect(over.cookies[accessCookieName]).toEqual({
      value: '',
      attributes: ['Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict', 'Secure'],
    })
    expect(over.cookies[refreshCookieName]).toEqual({
      value: '',
      attributes: ['Path=/v1/embedded', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict', 'Secure'],
    })
    // 0.5 s left is no whole second: over too.
    expect((await startedAgo(3600 * 1000 - 500)).session).toBeNull()
  })

  it('clears the cookies of a refresh whose session was revoked meanwhile', async () => {
    const sessions = service()
    const { access, refresh } = await login(sessions)
    await sessions.signOut(requestWith({ [accessCookieName]: access }), fakeReply().reply, 'p1')
    const { reply, cookies } = fakeReply()
    expect(
      await sessions.refresh(requestWith({ [refreshCookieName]: refresh }), reply, 'p1'),
    ).toBeNull()
    expect(cookies()[accessCookieName]?.value).toBe('')
    expect(cookies()[refreshCookieName]?.value).toBe('')
  })
})

describe('sessions: refresh tokens', () => {
  it('rotates: the new token works, the old one presented again revokes the whole session', async () => {
    const sessions = service()
    const { refresh, sessionId } = await login(sessions)
    const first = fakeReply()
    expect(
      (await sessions.refresh(requestWith({ [refreshCookieName]: refresh }), first.reply, 'p1'))
        ?.sessionId,
    ).toBe(sessionId)
    const next = first.cookies()[refreshCookieName]!.value
    const access = first.cookies()[accessCookieName]!.value
    // The copied token comes back.
    const reuse = fakeReply()
    expect(
      await sessions.refresh(requestWith({ [refreshCookieName]: refresh }), reuse.reply, 'p1'),
    ).toBeNull()
    expect(reuse.cookies()[accessCookieName]?.value).toBe('')
    expect(reuse.cookies()[refreshCookieName]?.value).toBe('')
    const row = await database.db
      .selectFrom('embedded_sessions')
      .select('revoked_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(row.revoked_at).toBeInstanceOf(Date)
    // Neither the rotated token nor the access token made with it work now.
    expect(
      await sessions.refresh(requestWith({ [refreshCookieName]: next }), fakeReply().reply, 'p1'),
    ).toBeNull()
    expect(
      await sessions.authenticate(
        requestWith({ [accessCookieName]: access }),
        fakeReply().reply,
        'p1',
      ),
    ).toBeNull()
  })

  it('lets only one of two simultaneous refreshes with the same token through', async () => {
    const sessions = service()
    const { refresh } = await login(sessions)
    const results = await Promise.all([
      sessions.refresh(requestWith({ [refreshCookieName]: refresh }), fakeReply().reply, 'p1'),
      sessions.refresh(requestWith({ [refreshCookieName]: refresh }), fakeReply().reply, 'p1'),
    ])
    expect(results.filter((session) => session !== null)).toHaveLength(1)
  })

  it('does not refresh with an expired refresh token', async () => {
    setClock(start)
    const sessions = service({ refreshTokenTtlSeconds: 3600 })
    const { refresh } = await login(sessions)
    setClock(start + 3600 * 1000)
    const { reply, cookies } = fakeReply()
    expect(
      await sessions.refresh(requestWith({ [refreshCookieName]: refresh }), reply, 'p1'),
    ).toBeNull()
    expect(cookies()).toEqual({})
  })

  it('refreshes a second before the refresh token expires', async () => {
    setClock(start)
    const sessions = service({ refreshTokenTtlSeconds: 3600 })
    const { refresh } = await login(sessions)
    setClock(start + 3600 * 1000 - 1)
    expect(
      await sessions.refresh(
        requestWith({ [refreshCookieName]: refresh }),
        fakeReply().reply,
        'p1',
      ),
    ).not.toBeNull()
  })

  it('answers null for an unknown refresh token or none', async () => {
    const sessions = service()
    await login(sessions)
    expect(
      await sessions.refresh(
        requestWith({ [refreshCookieName]: 'not-a-token' }),
        fakeReply().reply,
        'p1',
      ),
    ).toBeNull()
    expect(await sessions.refresh(requestWith({}), fakeReply().reply, 'p1')).toBeNull()
  })

  it('accepts a refresh token digested under a key still in rotation', async () => {
    const oldKey = new Uint8Array(32).fill(1)
    const newKey = new Uint8Array(32).fill(2)
    const before = service({ refreshTokenKeys: { current: oldKey, verifying: [oldKey] } })
    const { refresh, sessionId } = await login(before)
    const after = service({ refreshTokenKeys: { current: newKey, verifying: [newKey, oldKey] } })
    const { reply, cookies } = fakeReply()
    expect(
      (await after.refresh(requestWith({ [refreshCookieName]: refresh }), reply, 'p1'))?.sessionId,
    ).toBe(sessionId)
    // The new token is digested under the new key.
    const next = cookies()[refreshCookieName]!.value
    const row = await database.db
      .selectFrom('embedded_refresh_tokens')
      .select('token_hash')
      .where('token_hash', '=', hashToken(newKey, next))
      .executeTakeFirst()
    expect(row).toBeDefined()
    // A server that no longer accepts the old key does not know the token.
    const { refresh: another } = await login(before)
    expect(
      await service({ refreshTokenKeys: { current: newKey, verifying: [newKey] } }).refresh(
        requestWith({ [refreshCookieName]: another }),
        fakeReply().reply,
        'p1',
      ),
    ).toBeNull()
  })
})

describe('sessions: signing out', () => {
  it('revokes the session of the access token and clears both cookies', async () => {
    const sessions = service()
    const { access, refresh, sessionId } = await login(sessions)
    const { reply, cookies } = fakeReply()
    await sessions.signOut(requestWith({ [accessCookieName]: access }), reply, 'p1')
    expect(cookies()[accessCookieName]).toEqual({
      value: '',
      attributes: ['Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict', 'Secure'],
    })
    expect(cookies()[refreshCookieName]).toEqual({
      value: '',
      attributes: ['Path=/v1/embedded', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict', 'Secure'],
    })
    const row = await database.db
      .selectFrom('embedded_sessions')
      .select('revoked_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(row.revoked_at).toBeInstanceOf(Date)
    expect(
      await sessions.refresh(
        requestWith({ [refreshCookieName]: refresh }),
        fakeReply().reply,
        'p1',
      ),
    ).toBeNull()
  })

  it('revokes the session of the refresh cookie alone (access token expired)', async () => {
    const sessions = service()
    const { refresh, sessionId } = await login(sessions)
    await sessions.signOut(requestWith({ [refreshCookieName]: refresh }), fakeReply().reply, 'p1')
    const row = await database.db
      .selectFrom('embedded_sessions')
      .select('revoked_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(row.revoked_at).toBeInstanceOf(Date)
  })

  it('keeps the first revocation time when signing out twice', async () => {
    setClock(start)
    const sessions = service()
    const { access, sessionId } = await login(sessions)
    await sessions.signOut(requestWith({ [accessCookieName]: access }), fakeReply().reply, 'p1')
    setClock(start + 60_000)
    const { refresh: other } = await login(sessions)
    // The second sign-out names the revoked session again (with another's refresh cookie).
    await sessions.signOut(
      requestWith({ [accessCookieName]: access, [refreshCookieName]: other }),
      fakeReply().reply,
      'p1',
    )
    const row = await database.db
      .selectFrom('embedded_sessions')
      .select('revoked_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(row.revoked_at?.getTime()).toBe(start)
  })

  it('leaves a session of another project alone: 403 project_mismatch, cookies kept', async () => {
    const sessions = service()
    const { access, refresh, sessionId } = await login(sessions)
    for (const cookies of [{ [accessCookieName]: access }, { [refreshCookieName]: refresh }]) {
      const { reply, cookies: set } = fakeReply()
      const error = await failure(sessions.signOut(requestWith(cookies), reply, 'p2'))
      expect(error).toMatchObject({ statusCode: 403, code: 'project_mismatch' })
      expect(set()).toEqual({})
    }
    const row = await database.db
      .selectFrom('embedded_sessions')
      .select('revoked_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(row.revoked_at).toBeNull()
  })

  it('clears the cookies even without a session', async () => {
    const { reply, cookies } = fakeReply()
    await service().signOut(requestWith({}), reply, 'p1')
    expect(cookies()[accessCookieName]?.value).toBe('')
    expect(cookies()[refreshCookieName]?.value).toBe('')
  })
})
