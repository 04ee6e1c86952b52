import { randomBytes, randomUUID } from 'node:crypto'
import { type AuthApiBody, type AuthApiRouteName, authApiRoutes } from '@foyer/frame/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import { bytesToHex, hexToBytes } from 'viem'
import type { Database } from '../db/schema.ts'
import type { Mailer } from '../mail/createMailer.ts'
import type { Project } from '../projects/projects.ts'
import type { CodeStore } from './codeStore.ts'
import { EmbeddedApiError, invalidOtp, unauthorized } from './errors.ts'
import { deviceApprovalMail, emailUpdateCodeMail, loginCodeMail } from './mailTexts.ts'
import { hashToken } from './oneTimeCode.ts'
import type { RecoveryKeyHolder } from './recoveryKeyHolder.ts'
import type { EmbeddedSession, SessionService } from './sessions.ts'
import type { ShareCipher } from './shareCipher.ts'

/** How long an emailed device approval link works. */
export const deviceApprovalLifetimeMs = 30 * 60_000

export type EmbeddedRoutesDependencies = {
  db: Kysely<Database>
  sessions: SessionService
  codes: CodeStore
  cipher: ShareCipher
  mailer: Mailer | undefined
  recoveryKeyHolder: RecoveryKeyHolder | undefined
  /** Keys the approval-token digests. */
  tokenKey: Uint8Array
  /** The frame's origin, base of the approval link. */
  frameOrigin: () => string
  findProject: (projectId: string) => Promise<Project | undefined>
  /** Per-email limiter of the mail-sending and code-checking routes; resolves false when exceeded. */
  allowEmail: (request: FastifyRequest, email: string) => Promise<boolean>
}

function parseBody<name extends AuthApiRouteName>(name: name, body: unknown): AuthApiBody<name> {
  const route = authApiRoutes[name]
  const schema = 'body' in route ? route.body : v.object({})
  const result = v.safeParse(schema, body ?? {})
  if (!result.success) {
    const issue = result.issues[0]
    const field = issue?.path?.map((p) => String(p.key)).join('.')
    throw new EmbeddedApiError(400, 'invalid_input', `Invalid ${field || 'request'}`)
  }
  return result.output as AuthApiBody<name>
}

const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** The `authApiRoutes` contract of `@foyer/frame`, served on the frame's origin. */
export function registerEmbeddedRoutes(app: FastifyInstance, deps: EmbeddedRoutesDependencies) {
  const { db, sessions, codes, cipher } = deps

  const send = async (mail: Parameters<Mailer['send']>[0]) => {
    if (!deps.mailer)
      throw new EmbeddedApiError(503, 'email_unavailable', 'Email is not configured on this server')
    await deps.mailer.send(mail)
  }
  const requireSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessions.authenticate(request, reply)
    if (!session) throw unauthorized()
    return session
  }
  const limitEmail = async (request: FastifyRequest, email: string) => {
    if (!(await deps.allowEmail(request, email)))
      throw new EmbeddedApiError(429, 'rate_limited', 'Rate Limited')
  }
  const requireProject = async (request: FastifyRequest, bodyProjectId?: string) => {
    const projectId = bodyProjectId ?? (request.query as { projectId?: unknown }).projectId
    if (typeof projectId !== 'string' || !projectId)
      throw new EmbeddedApiError(400, 'project_id_missing', 'Project ID Not Configured')
    if (!(await deps.findProject(projectId)))
      throw new EmbeddedApiError(403, 'invalid_project', 'Unauthorized: invalid key')
  }
  const findUser = (email: string) =>
    db.selectFrom('embedded_users').selectAll().where('email', '=', email).executeTakeFirst()
  const isKnownDevice = async (userId: string, deviceId: string) =>
    (await db
      .selectFrom('embedded_devices')
      .select('device_id')
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst()) !== undefined

  app.post(authApiRoutes.startEmailLogin.path, async (request) => {
    const body = parseBody('startEmailLogin', request.body)
    await requireProject(request, body.projectId)
    const email = normalizeEmail(body.email)
    await limitEmail(request, email)
    await codes.claimEmailSlot(email)
    const user = await findUser(email)
    if (user && !(await isKnownDevice(user.id, body.deviceId))) {
      const token = randomBytes(32).toString('base64url')
      await db
        .insertInto('embedded_device_approvals')
        .values({
          token_hash: hashToken(deps.tokenKey, token),
          email,
          device_id: body.deviceId,
          expires_at: new Date(Date.now() + deviceApprovalLifetimeMs),
          approved_at: null,
          consumed_at: null,
        })
        .execute()
      const link = new URL('/v1/embedded/email/device/approve', deps.frameOrigin())
      link.searchParams.set('token', token)
      await send(deviceApprovalMail(email, link.href))
      return { action: 'VERIFY_DEVICE' as const }
    }
    await send(loginCodeMail(email, await codes.issue('login', email)))
    return { action: 'VERIFY_OTP' as const }
  })

  app.post(authApiRoutes.checkDeviceApproval.path, async (request) => {
    const body = parseBody('checkDeviceApproval', request.body)
    await requireProject(request)
    const email = normalizeEmail(body.email)
    const user = await findUser(email)
    if (!user) return { approved: false }
    // Take the approval once: the first poll after the link was followed sends the code.
    const taken = await db
      .updateTable('embedded_device_approvals')
      .set({ consumed_at: new Date() })
      .where('email', '=', email)
      .where('device_id', '=', body.deviceId)
      .where('approved_at', 'is not', null)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('token_hash')
      .execute()
    if (taken.length === 0) return { approved: false }
    await db
      .insertInto('embedded_devices')
      .values({ user_id: user.id, device_id: body.deviceId })
      .onConflict((c) => c.columns(['user_id', 'device_id']).doNothing())
      .execute()
    await send(loginCodeMail(email, await codes.issue('login', email)))
    return { approved: true }
  })

  app.get('/v1/embedded/email/device/approve', async (request, reply) => {
    const { token } = (request.query ?? {}) as { token?: unknown }
    const approved =
      typeof token === 'string' && token.length > 0 && token.length < 200
        ? await db
            .updateTable('embedded_device_approvals')
            .set({ approved_at: new Date() })
            .where('token_hash', '=', hashToken(deps.tokenKey, token))
            .where('expires_at', '>', new Date())
            .where('consumed_at', 'is', null)
            .returning('email')
            .executeTakeFirst()
        : undefined
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .status(approved ? 200 : 400)
    const message = approved
      ? 'Device approved. Go back to the app: your login code is on its way.'
      : 'This approval link is invalid or has expired. Start the login again.'
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Device approval</title></head><body><main><h1>${approved ? 'Device approved' : 'Link not valid'}</h1><p>${message}</p></main></body></html>`
  })

  app.post(authApiRoutes.verifyEmailOtp.path, async (request, reply) => {
    const body = parseBody('verifyEmailOtp', request.body)
    await requireProject(request)
    const email = normalizeEmail(body.email)
    await limitEmail(request, email)
    const existing = await findUser(email)
    // Checked before the code so a code read on another device stays usable by its own device.
    if (existing && !(await isKnownDevice(existing.id, body.deviceId)))
      throw new EmbeddedApiError(403, 'device_not_verified', 'Device not verified')
    await codes.consume('login', email, body.otp)
    let user = existing ?? (await findUser(email))
    if (!user) {
      const id = randomUUID()
      await db
        .insertInto('embedded_users')
        .values({ id, email, last_login_at: null })
        .onConflict((c) => c.column('email').doNothing())
        .execute()
      user = await findUser(email)
      if (!user) throw new EmbeddedApiError(500, 'server_error', 'Server Error')
      if (user.id === id)
        await db
          .insertInto('embedded_devices')
          .values({ user_id: id, device_id: body.deviceId })
          .execute()
    }
    if (!(await isKnownDevice(user.id, body.deviceId)))
      throw new EmbeddedApiError(403, 'device_not_verified', 'Device not verified')
    const approval = await db
      .selectFrom('embedded_device_approvals')
      .select('token_hash')
      .where('email', '=', email)
      .where('device_id', '=', body.deviceId)
      .where('consumed_at', 'is not', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst()
    await db
      .updateTable('embedded_users')
      .set({ last_login_at: new Date() })
      .where('id', '=', user.id)
      .execute()
    await sessions.start(reply, {
      userId: user.id,
      deviceId: body.deviceId,
      deviceApproved: approval !== undefined,
    })
    return { user: { userId: user.id, email: user.email } }
  })

  app.get(authApiRoutes.getSession.path, async (request, reply) => {
    const session = await sessions.authenticate(request, reply)
    return { user: session ? { userId: session.userId, email: session.email } : null }
  })

  /** Rotates the refresh token (also done on demand by every authenticated route). */
  app.post('/v1/embedded/session/refresh', async (request, reply) => {
    const session = await sessions.refresh(request, reply)
    if (!session) throw unauthorized()
    return { user: { userId: session.userId, email: session.email } }
  })

  app.get(authApiRoutes.getAuthShares.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const wallet = await db
      .selectFrom('embedded_wallets')
      .selectAll()
      .where('user_id', '=', session.userId)
      .executeTakeFirst()
    if (!wallet) return { wallet: null }
    const sets = await db
      .selectFrom('embedded_share_sets')
      .selectAll()
      .where('user_id', '=', session.userId)
      .orderBy('created_at', 'asc')
      .execute()
    return {
      wallet: {
        addresses: wallet.addresses,
        shareSets: sets.map((set) => {
          const share = cipher.decrypt(
            set.auth_share_encrypted,
            shareContext(session, set.share_set_id),
          )
          try {
            return {
              shareSetId: set.share_set_id,
              deviceId: set.device_id,
              authShare: bytesToHex(share),
              createdAt: set.created_at.toISOString(),
            }
          } finally {
            share.fill(0)
          }
        }),
      },
    }
  })

  app.post(authApiRoutes.putAuthShares.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('putAuthShares', request.body)
    if (body.deviceId !== session.deviceId)
      throw new EmbeddedApiError(
        403,
        'device_mismatch',
        'A session stores shares of its own device only',
      )
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('embedded_wallets')
        .values({ user_id: session.userId, addresses: JSON.stringify(body.addresses) })
        .onConflict((c) => c.column('user_id').doNothing())
        .execute()
      const wallet = await trx
        .selectFrom('embedded_wallets')
        .select('addresses')
        .where('user_id', '=', session.userId)
        .executeTakeFirstOrThrow()
      if (
        wallet.addresses.eip155.toLowerCase() !== body.addresses.eip155.toLowerCase() ||
        wallet.addresses.solana !== body.addresses.solana
      )
        throw new EmbeddedApiError(409, 'address_mismatch', 'The wallet already exists')
      const share = hexToBytes(body.authShare)
      try {
        await trx
          .insertInto('embedded_share_sets')
          .values({
            share_set_id: body.shareSetId,
            user_id: session.userId,
            device_id: body.deviceId,
            auth_share_encrypted: cipher.encrypt(share, shareContext(session, body.shareSetId)),
            sealed_recovery_share: JSON.stringify(body.sealedRecoveryShare),
          })
          .execute()
      } finally {
        share.fill(0)
      }
    })
    return { ok: true as const }
  })

  app.post(authApiRoutes.releaseRecoveryShare.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('releaseRecoveryShare', request.body)
    if (!session.deviceApproved)
      throw new EmbeddedApiError(403, 'device_not_verified', 'Device not verified')
    if (!deps.recoveryKeyHolder)
      throw new EmbeddedApiError(503, 'recovery_unavailable', 'Recovery is not configured')
    const set = await db
      .selectFrom('embedded_share_sets')
      .select('sealed_recovery_share')
      .where('user_id', '=', session.userId)
      .where('share_set_id', '=', body.shareSetId)
      .executeTakeFirst()
    if (!set) throw new EmbeddedApiError(404, 'not_found', 'Share set not found')
    const sealedShare = await deps.recoveryKeyHolder.reseal({
      sealedShare: set.sealed_recovery_share,
      framePublicKey: body.framePublicKey,
    })
    return { sealedShare }
  })

  app.post(authApiRoutes.startEmailUpdate.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('startEmailUpdate', request.body)
    const newEmail = normalizeEmail(body.newEmail)
    if (newEmail === session.email)
      throw new EmbeddedApiError(400, 'same_email', 'This is already your email')
    if (await findUser(newEmail))
      throw new EmbeddedApiError(409, 'email_taken', 'This email is already in use')
    await limitEmail(request, session.email)
    await codes.claimEmailSlot(session.email)
    await db
      .insertInto('embedded_email_updates')
      .values({ session_id: session.sessionId, new_email: newEmail, stage: 'primary' })
      .onConflict((c) =>
        c.column('session_id').doUpdateSet({ new_email: newEmail, stage: 'primary' }),
      )
      .execute()
    const code = await codes.issue('update_primary', session.email)
    await send(emailUpdateCodeMail(session.email, code, 'current'))
    return { action: 'VERIFY_PRIMARY_OTP' as const }
  })

  app.post(authApiRoutes.verifyEmailUpdatePrimary.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('verifyEmailUpdatePrimary', request.body)
    const pending = await pendingUpdate(session)
    if (pending?.stage !== 'primary') throw invalidOtp()
    await limitEmail(request, session.email)
    await codes.consume('update_primary', session.email, body.otp)
    await db
      .updateTable('embedded_email_updates')
      .set({ stage: 'secondary' })
      .where('session_id', '=', session.sessionId)
      .execute()
    const code = await codes.issue('update_secondary', pending.new_email)
    await send(emailUpdateCodeMail(pending.new_email, code, 'new'))
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  })

  app.post(authApiRoutes.verifyEmailUpdateSecondary.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('verifyEmailUpdateSecondary', request.body)
    const pending = await pendingUpdate(session)
    if (pending?.stage !== 'secondary') throw invalidOtp()
    await limitEmail(request, pending.new_email)
    await codes.consume('update_secondary', pending.new_email, body.otp)
    try {
      await db
        .updateTable('embedded_users')
        .set({ email: pending.new_email, last_login_at: null })
        .where('id', '=', session.userId)
        .execute()
    } catch (error) {
      throw new EmbeddedApiError(409, 'email_taken', 'This email is already in use', {
        cause: error,
      })
    }
    await db
      .deleteFrom('embedded_email_updates')
      .where('session_id', '=', session.sessionId)
      .execute()
    return { email: pending.new_email }
  })

  app.post(authApiRoutes.signOut.path, async (request, reply) => {
    await sessions.signOut(request, reply)
    return { ok: true as const }
  })

  function pendingUpdate(session: EmbeddedSession) {
    return db
      .selectFrom('embedded_email_updates')
      .selectAll()
      .where('session_id', '=', session.sessionId)
      .executeTakeFirst()
  }
}

/** Authenticated data of an encrypted auth share: the row belongs to this user and share set. */
const shareContext = (session: EmbeddedSession, shareSetId: string) =>
  `foyer/auth-share/v1:${session.userId}:${shareSetId}`
