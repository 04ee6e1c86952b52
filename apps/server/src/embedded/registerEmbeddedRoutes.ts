import { randomUUID } from 'node:crypto'
import { shareSetMessage } from '@foyer/frame'
import {
  type AuthApiBody,
  type AuthApiResponse,
  type AuthApiRouteName,
  authApiRoutes,
} from '@foyer/frame/protocol'
import { projectIdSchema } from '@foyer/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import * as v from 'valibot'
import { bytesToHex, hexToBytes, size, verifyMessage } from 'viem'
import type {
  Database,
  EmbeddedDeviceRequestsTable,
  EmbeddedRecoveryMethodsTable,
} from '../db/schema.ts'
import type { Mailer } from '../mail/createMailer.ts'
import { matchOrigin } from '../projects/matchOrigin.ts'
import type { Project } from '../projects/projects.ts'
import type { CodeStore } from './codeStore.ts'
import { readCookie } from './cookies.ts'
import {
  createDeviceApprovals,
  deviceBlocked,
  loginCookieName,
  registerLoginApprovalRoutes,
} from './deviceApproval.ts'
import { EmbeddedApiError, invalidOtp, projectMismatch, unauthorized } from './errors.ts'
import { emailUpdateCodeMail, loginCodeMail } from './mailTexts.ts'
import type { PlaceLookup } from './placeLookup.ts'
import type { LoginProofOfWork } from './proofOfWork.ts'
import type { RecoveryKeyHolder } from './recoveryKeyHolder.ts'
import { registerPasskeyRoutes } from './registerPasskeyRoutes.ts'
import type { EmbeddedSession, SessionService } from './sessions.ts'
import type { ShareCipher } from './shareCipher.ts'
import type { SocialClient } from './social/createSocialClient.ts'
import type { FarcasterLogin } from './social/farcasterLogin.ts'
import { registerSocialRoutes } from './social/registerSocialRoutes.ts'
import type { SocialProviderId } from './social/socialProviders.ts'
import { sessionUserRecord, toUserRecord } from './userRecord.ts'

/** How long a new device's request for the recovery key waits for an existing device. */
export const deviceRequestLifetimeMs = 10 * 60_000
/** Recovery methods per wallet. */
export const maxRecoveryMethods = 10
/**
 * The cheapest scrypt accepted for a recovery password: whoever holds the database can try
 * passwords offline against the wrapped key, so each guess must stay expensive.
 */
export const minimumScrypt = { N: 2 ** 14, r: 8, saltBytes: 16 } as const

export type EmbeddedRoutesDependencies = {
  db: Kysely<Database>
  sessions: SessionService
  codes: CodeStore
  cipher: ShareCipher
  mailer: Mailer | undefined
  /**
   * Operator-recovery mode: share sets also carry the recovery share sealed to the operator's key,
   * which `recoveryKeyHolder` re-seals to an approved new device. Off by default.
   */
  operatorRecovery: boolean
  /** Set exactly when `operatorRecovery` is. */
  recoveryKeyHolder: RecoveryKeyHolder | undefined
  /** Keys the approval-token digests. */
  tokenKey: Uint8Array
  /** Approval-token keys still accepted (rotation), `tokenKey` first; default `[tokenKey]`. */
  verifyingTokenKeys?: readonly Uint8Array[] | undefined
  /** The frame's origin, base of the approval link. */
  frameOrigin: () => string
  /** Every origin the frame is served on (passkeys: expected origins and RP IDs); default the first. */
  frameOrigins?: (() => readonly string[]) | undefined
  findProject: (projectId: string) => Promise<Project | undefined>
  /** Configured social login providers' clients (none: social login answers 404). */
  socialProviders?: ReadonlyMap<SocialProviderId, SocialClient> | undefined
  /** Sign In With Farcaster, when a relay is configured. */
  farcaster?: FarcasterLogin | undefined
  /** Per-email limiter of the mail-sending and code-checking routes; resolves false when exceeded. */
  allowEmail: (request: FastifyRequest, email: string) => Promise<boolean>
  /** Asks for a proof of work after repeated email login starts from one network; none = never. */
  loginProof?: LoginProofOfWork | undefined
  /** The approximate place of the asking IP, shown with a device approval; none = not shown. */
  placeLookup?: PlaceLookup | undefined
}

function parseBody<name extends AuthApiRouteName>(name: name, body: unknown): AuthApiBody<name> {
  const route = authApiRoutes[name]
  const schema = 'body' in route ? route.body : v.object({})
  const result = v.safeParse(schema, body ?? {})
  if (!result.success) {
    const issue = result.issues[0]
    const field = issue?.path?.map((p) => String(p.key)).join('.')
    throw invalidInput(field || 'request')
  }
  return result.output as AuthApiBody<name>
}

const invalidInput = (field: string) =>
  new EmbeddedApiError(400, 'invalid_input', `Invalid ${field}`)
const deviceNotVerified = () =>
  new EmbeddedApiError(403, 'device_not_verified', 'Device not verified')
/** 503 when the code mail could not be handed to the mail server; the visitor may retry. */
const mailNotSent = (cause: unknown) =>
  cause instanceof EmbeddedApiError
    ? cause
    : new EmbeddedApiError(
        503,
        'email_unavailable',
        'The email could not be sent. Please try again',
        {
          cause,
        },
      )
const operatorRecoveryOff = () =>
  new EmbeddedApiError(403, 'operator_recovery_off', 'Operator recovery is off on this server')

const normalizeEmail = (email: string) => email.trim().toLowerCase()

type RecoveryMethod = AuthApiResponse<'addRecoveryMethod'>['method']
type DeviceRequest = AuthApiResponse<'createDeviceRequest'>['request']

/** The `authApiRoutes` contract of `@foyer/frame`, served on the frame's origin. */
export function registerEmbeddedRoutes(app: FastifyInstance, deps: EmbeddedRoutesDependencies) {
  const { db, sessions, codes, cipher } = deps

  const send = async (mail: Parameters<Mailer['send']>[0]) => {
    if (!deps.mailer)
      throw new EmbeddedApiError(503, 'email_unavailable', 'Email is not configured on this server')
    await deps.mailer.send(mail)
  }
  const frameOrigins = deps.frameOrigins ?? (() => [deps.frameOrigin()])
  const approvals = createDeviceApprovals({
    db,
    tokenKey: deps.tokenKey,
    verifyingTokenKeys: deps.verifyingTokenKeys ?? [deps.tokenKey],
    frameOrigin: deps.frameOrigin,
    frameOrigins,
    send,
    placeLookup: deps.placeLookup,
    onMailError: (error) => app.log.error({ err: error }, 'blocked-device notice not sent'),
  })
  const limitEmail = async (request: FastifyRequest, email: string) => {
    if (!(await deps.allowEmail(request, email)))
      throw new EmbeddedApiError(429, 'rate_limited', 'Rate Limited')
  }
  /** The request's project (`?projectId=`, or the body's, which must then agree); must exist. */
  const requireProject = async (request: FastifyRequest, bodyProjectId?: string) => {
    const queryProjectId = (request.query as { projectId?: unknown } | undefined)?.projectId
    if (
      bodyProjectId !== undefined &&
      queryProjectId !== undefined &&
      queryProjectId !== bodyProjectId
    )
      throw invalidInput('projectId')
    const projectId = bodyProjectId ?? queryProjectId
    if (typeof projectId !== 'string' || !projectId)
      throw new EmbeddedApiError(400, 'project_id_missing', 'Project ID Not Configured')
    const valid = v.safeParse(projectIdSchema, projectId)
    if (!valid.success) throw new EmbeddedApiError(400, 'invalid_input', valid.issues[0].message)
    if (!(await deps.findProject(projectId)))
      throw new EmbeddedApiError(403, 'invalid_project', 'Unauthorized: invalid key')
    return projectId
  }
  /** The session, under the project it was started under only (403 `project_mismatch`). */
  const requireSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const projectId = await requireProject(request)
    const session = await sessions.authenticate(request, reply, projectId)
    if (!session) throw unauthorized()
    return session
  }
  const findUser = (projectId: string, email: string) =>
    db
      .selectFrom('embedded_users')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('email', '=', email)
      .executeTakeFirst()
  const isKnownDevice = async (userId: string, deviceId: string) =>
    (await db
      .selectFrom('embedded_devices')
      .select('device_id')
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst()) !== undefined
  /** The session's device holds a share set of the wallet (so it has the recovery key). */
  const holdsShareSet = async (session: EmbeddedSession) =>
    (await db
      .selectFrom('embedded_share_sets')
      .select('share_set_id')
      .where('user_id', '=', session.userId)
      .where('device_id', '=', session.deviceId)
      .executeTakeFirst()) !== undefined

  registerPasskeyRoutes(app, {
    db,
    sessions,
    frameOrigins: deps.frameOrigins ?? (() => [deps.frameOrigin()]),
    requireProject: (request) => requireProject(request),
    requireSession,
    holdsShareSet,
    parseBody,
  })

  registerSocialRoutes(app, {
    db,
    sessions,
    tokenKey: deps.tokenKey,
    frameOrigins: deps.frameOrigins ?? (() => [deps.frameOrigin()]),
    findProject: deps.findProject,
    providers: deps.socialProviders ?? new Map(),
    farcaster: deps.farcaster,
    requireProject: (request) => requireProject(request),
    parseBody,
  })

  app.post(authApiRoutes.startEmailLogin.path, async (request) => {
    const body = parseBody('startEmailLogin', request.body)
    const projectId = await requireProject(request, body.projectId)
    const email = normalizeEmail(body.email)
    await limitEmail(request, email)
    await deps.loginProof?.admit(request.ip, body.proof)
    await codes.claimEmailSlot({ projectId, email })
    // The same answer and the same mail for every address and device: whether an account exists
    // (and whether it knows this device) is told only to whoever holds the code.
    const code = await codes.issue('login', { projectId, email })
    try {
      await send(loginCodeMail(email, code))
    } catch (error) {
      // The mail server is down or refused: nobody got this code, so it goes, with the cooldown
      // it took, and the visitor may ask again as soon as mail works.
      await codes.withdraw('login', { projectId, email }, code)
      throw mailNotSent(error)
    }
    return { action: 'VERIFY_OTP' as const }
  })

  app.post(authApiRoutes.checkDeviceApproval.path, async (request, reply) => {
    const body = parseBody('checkDeviceApproval', request.body)
    const projectId = await requireProject(request)
    const email = normalizeEmail(body.email)
    const target = { projectId, email, deviceId: body.deviceId }
    if (await approvals.isBlocked(target)) throw deviceBlocked()
    // Only the browser that entered the code holds the login cookie of its approval.
    const secret = readCookie(request, loginCookieName)
    const taken = secret ? await approvals.take(target, secret) : 'none'
    if (taken === 'denied') throw deviceBlocked()
    if (taken !== 'approved') return { approved: false }
    const user = await findUser(projectId, email)
    if (!user) return { approved: false }
    await db
      .insertInto('embedded_devices')
      .values({ user_id: user.id, device_id: body.deviceId })
      .onConflict((c) => c.columns(['user_id', 'device_id']).doNothing())
      .execute()
    await db
      .updateTable('embedded_users')
      .set({ last_login_at: new Date() })
      .where('id', '=', user.id)
      .execute()
    approvals.clearLoginCookie(reply)
    await sessions.start(reply, {
      projectId,
      userId: user.id,
      deviceId: body.deviceId,
      deviceApproved: true,
    })
    return { approved: true, user: toUserRecord(user) }
  })

  // The emailed link's page: GET shows the device, its CSRF-protected form approves or blocks.
  approvals.register(app)
  registerLoginApprovalRoutes(app, { approvals, requireSession, parseBody })

  app.post(authApiRoutes.verifyEmailOtp.path, async (request, reply) => {
    const body = parseBody('verifyEmailOtp', request.body)
    const projectId = await requireProject(request)
    const email = normalizeEmail(body.email)
    await limitEmail(request, email)
    const target = { projectId, email, deviceId: body.deviceId }
    if (await approvals.isBlocked(target)) throw deviceBlocked()
    if (body.appOrigin !== undefined) {
      const project = await deps.findProject(projectId)
      if (!project || !matchOrigin(body.appOrigin, project.allowedOrigins))
        throw new EmbeddedApiError(403, 'origin_not_allowed', 'Unauthorized: origin not allowed')
    }
    await codes.consume('login', { projectId, email }, body.otp)
    let user = await findUser(projectId, email)
    if (!user) {
      const id = randomUUID()
      await db
        .insertInto('embedded_users')
        .values({ id, project_id: projectId, email, last_login_at: null })
        .onConflict((c) => c.columns(['project_id', 'email']).doNothing())
        .execute()
      user = await findUser(projectId, email)
      if (!user) throw new EmbeddedApiError(500, 'server_error', 'Server Error')
      if (user.id === id)
        await db
          .insertInto('embedded_devices')
          .values({ user_id: id, device_id: body.deviceId })
          .execute()
    }
    // A right code on a device the account never used: its owner approves the device first,
    // from the emailed page (which names the device) or from a signed-in device.
    if (!(await isKnownDevice(user.id, body.deviceId))) {
      // The mail and page name the app beside its origin, which the project must allow.
      const app = body.appOrigin ? { ...body.app, origin: body.appOrigin } : undefined
      await approvals.request(request, reply, target, app)
      return { action: 'VERIFY_DEVICE' as const }
    }
    await db
      .updateTable('embedded_users')
      .set({ last_login_at: new Date() })
      .where('id', '=', user.id)
      .execute()
    await sessions.start(reply, {
      projectId,
      userId: user.id,
      deviceId: body.deviceId,
      deviceApproved: false,
    })
    return { user: toUserRecord(user) }
  })

  app.get(authApiRoutes.getSession.path, async (request, reply) => {
    const projectId = await requireProject(request)
    // Another project's session is no session here: that project's frame shows "signed out".
    const session = await sessions.authenticate(request, reply, projectId).catch((error) => {
      if (error instanceof EmbeddedApiError && error.code === projectMismatch().code) return null
      throw error
    })
    return { user: session ? sessionUserRecord(session) : null }
  })

  /** Rotates the refresh token (also done on demand by every authenticated route). */
  app.post('/v1/embedded/session/refresh', async (request, reply) => {
    const projectId = await requireProject(request)
    const session = await sessions.refresh(request, reply, projectId)
    if (!session) throw unauthorized()
    return { user: sessionUserRecord(session) }
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
    const methods = await db
      .selectFrom('embedded_recovery_methods')
      .selectAll()
      .where('user_id', '=', session.userId)
      .orderBy('created_at', 'asc')
      .execute()
    return {
      wallet: {
        addresses: wallet.addresses,
        operatorRecovery: deps.operatorRecovery,
        recoveryMethods: methods.map(toRecoveryMethod),
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
              encryptedRecoveryShare: set.encrypted_recovery_share,
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
    // By default nothing the operator can open is stored; in operator-recovery mode it must be.
    if (!deps.operatorRecovery && body.operatorSealedRecoveryShare)
      throw new EmbeddedApiError(
        400,
        'operator_recovery_off',
        'Operator recovery is off on this server: send no operator-sealed recovery share',
      )
    if (deps.operatorRecovery && !body.operatorSealedRecoveryShare)
      throw new EmbeddedApiError(
        400,
        'operator_recovery_required',
        'Operator recovery is on: the recovery share sealed to the operator is required',
      )
    // Only a holder of the wallet's key adds a share set: a session alone (an inbox, a forged
    // session) cannot store junk shares that would deny recovery.
    const signed = await verifyMessage({
      address: body.addresses.eip155,
      message: shareSetMessage(body),
      signature: body.signature,
    }).catch(() => false)
    if (!signed)
      throw new EmbeddedApiError(
        400,
        'invalid_signature',
        "The share set is not signed by the wallet's key",
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
        const inserted = await trx
          .insertInto('embedded_share_sets')
          .values({
            share_set_id: body.shareSetId,
            user_id: session.userId,
            device_id: body.deviceId,
            auth_share_encrypted: cipher.encrypt(share, shareContext(session, body.shareSetId)),
            encrypted_recovery_share: JSON.stringify(body.encryptedRecoveryShare),
            operator_sealed_recovery_share: body.operatorSealedRecoveryShare
              ? JSON.stringify(body.operatorSealedRecoveryShare)
              : null,
          })
          .onConflict((c) => c.column('share_set_id').doNothing())
          .returning('share_set_id')
          .executeTakeFirst()
        if (!inserted)
          throw new EmbeddedApiError(409, 'share_set_exists', 'This share set already exists')
      } finally {
        share.fill(0)
      }
    })
    return { ok: true as const }
  })

  app.post(authApiRoutes.addRecoveryMethod.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('addRecoveryMethod', request.body)
    checkWrappedKey(body.kind, body.wrappedKey)
    // Only a device that rebuilt the wallet has its recovery key to wrap.
    if (!(await holdsShareSet(session))) throw deviceNotVerified()
    const method = await db.transaction().execute(async (trx) => {
      // The wallet row serialises concurrent additions, so the limit holds.
      await trx
        .selectFrom('embedded_wallets')
        .select('user_id')
        .where('user_id', '=', session.userId)
        .forUpdate()
        .executeTakeFirstOrThrow()
      const { count } = await trx
        .selectFrom('embedded_recovery_methods')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('user_id', '=', session.userId)
        .executeTakeFirstOrThrow()
      if (Number(count) >= maxRecoveryMethods)
        throw new EmbeddedApiError(
          409,
          'too_many_methods',
          `A wallet has at most ${maxRecoveryMethods} recovery methods`,
        )
      return trx
        .insertInto('embedded_recovery_methods')
        .values({
          id: randomUUID(),
          user_id: session.userId,
          kind: body.kind,
          wrapped_key: JSON.stringify(body.wrappedKey),
          credential_id: body.credentialId ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
    return { method: toRecoveryMethod(method) }
  })

  app.post(authApiRoutes.releaseRecoveryShare.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    if (!deps.operatorRecovery || !deps.recoveryKeyHolder) throw operatorRecoveryOff()
    const body = parseBody('releaseRecoveryShare', request.body)
    if (!session.deviceApproved) throw deviceNotVerified()
    const set = await db
      .selectFrom('embedded_share_sets')
      .select('operator_sealed_recovery_share')
      .where('user_id', '=', session.userId)
      .where('share_set_id', '=', body.shareSetId)
      .executeTakeFirst()
    if (!set?.operator_sealed_recovery_share)
      throw new EmbeddedApiError(404, 'not_found', 'Share set not found')
    const sealedShare = await deps.recoveryKeyHolder.reseal({
      sealedShare: set.operator_sealed_recovery_share,
      framePublicKey: body.framePublicKey,
    })
    return { sealedShare }
  })

  app.post(authApiRoutes.createDeviceRequest.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('createDeviceRequest', request.body)
    const now = Date.now()
    // One unapproved request per device: a new one (new key pair) replaces it.
    const row = await db
      .insertInto('embedded_device_requests')
      .values({
        request_id: randomUUID(),
        user_id: session.userId,
        device_id: session.deviceId,
        public_key: body.publicKey,
        sealed_key: null,
        created_at: new Date(now),
        expires_at: new Date(now + deviceRequestLifetimeMs),
        approved_at: null,
        consumed_at: null,
      })
      .onConflict((c) =>
        c
          .columns(['user_id', 'device_id'])
          .where('approved_at', 'is', null)
          .doUpdateSet((eb) => ({
            request_id: eb.ref('excluded.request_id'),
            public_key: eb.ref('excluded.public_key'),
            created_at: eb.ref('excluded.created_at'),
            expires_at: eb.ref('excluded.expires_at'),
            sealed_key: null,
            consumed_at: null,
          })),
      )
      .returningAll()
      .executeTakeFirstOrThrow()
    return { request: toDeviceRequest(row) }
  })

  app.get(authApiRoutes.listDeviceRequests.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const rows = await db
      .selectFrom('embedded_device_requests')
      .selectAll()
      .where('user_id', '=', session.userId)
      .where('device_id', '!=', session.deviceId)
      .where('approved_at', 'is', null)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'asc')
      .execute()
    return { requests: rows.map(toDeviceRequest) }
  })

  app.post(authApiRoutes.approveDeviceRequest.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('approveDeviceRequest', request.body)
    if (!(await holdsShareSet(session))) throw deviceNotVerified()
    const approved = await db
      .updateTable('embedded_device_requests')
      .set({ approved_at: new Date(), sealed_key: JSON.stringify(body.sealedKey) })
      .where('request_id', '=', body.requestId)
      .where('user_id', '=', session.userId)
      .where('approved_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('request_id')
      .executeTakeFirst()
    if (approved) return { ok: true as const }
    const row = await db
      .selectFrom('embedded_device_requests')
      .select('approved_at')
      .where('request_id', '=', body.requestId)
      .where('user_id', '=', session.userId)
      .executeTakeFirst()
    if (!row) throw new EmbeddedApiError(404, 'not_found', 'Request not found')
    if (row.approved_at)
      throw new EmbeddedApiError(409, 'already_approved', 'This request was already approved')
    throw new EmbeddedApiError(410, 'request_expired', 'This request has expired')
  })

  app.post(authApiRoutes.getDeviceRequest.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('getDeviceRequest', request.body)
    // The requesting device's own requests only.
    const row = await db
      .selectFrom('embedded_device_requests')
      .selectAll()
      .where('request_id', '=', body.requestId)
      .where('user_id', '=', session.userId)
      .where('device_id', '=', session.deviceId)
      .executeTakeFirst()
    if (!row) throw new EmbeddedApiError(404, 'not_found', 'Request not found')
    if (row.approved_at && row.sealed_key) {
      if (!row.consumed_at)
        await db
          .updateTable('embedded_device_requests')
          .set({ consumed_at: new Date() })
          .where('request_id', '=', row.request_id)
          .where('consumed_at', 'is', null)
          .execute()
      return { status: 'approved' as const, sealedKey: row.sealed_key }
    }
    if (row.expires_at.getTime() <= Date.now()) return { status: 'expired' as const }
    return { status: 'pending' as const }
  })

  /** A session of an account that has an email (social and Farcaster accounts may have none). */
  const requireEmailSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await requireSession(request, reply)
    const { email } = session
    if (!email) throw new EmbeddedApiError(400, 'no_email', 'Not connected to email or social')
    return { ...session, email }
  }

  app.post(authApiRoutes.startEmailUpdate.path, async (request, reply) => {
    const session = await requireEmailSession(request, reply)
    const body = parseBody('startEmailUpdate', request.body)
    const newEmail = normalizeEmail(body.newEmail)
    if (newEmail === session.email)
      throw new EmbeddedApiError(400, 'same_email', 'This is already your email')
    if (await findUser(session.projectId, newEmail))
      throw new EmbeddedApiError(409, 'email_taken', 'This email is already in use')
    await limitEmail(request, session.email)
    await codes.claimEmailSlot({ projectId: session.projectId, email: session.email })
    await db
      .insertInto('embedded_email_updates')
      .values({ session_id: session.sessionId, new_email: newEmail, stage: 'primary' })
      .onConflict((c) =>
        c.column('session_id').doUpdateSet({ new_email: newEmail, stage: 'primary' }),
      )
      .execute()
    const code = await codes.issue('update_primary', {
      projectId: session.projectId,
      email: session.email,
    })
    await send(emailUpdateCodeMail(session.email, code, 'current'))
    return { action: 'VERIFY_PRIMARY_OTP' as const }
  })

  app.post(authApiRoutes.verifyEmailUpdatePrimary.path, async (request, reply) => {
    const session = await requireEmailSession(request, reply)
    const body = parseBody('verifyEmailUpdatePrimary', request.body)
    const pending = await pendingUpdate(session)
    if (pending?.stage !== 'primary') throw invalidOtp()
    await limitEmail(request, session.email)
    await codes.consume(
      'update_primary',
      { projectId: session.projectId, email: session.email },
      body.otp,
    )
    await db
      .updateTable('embedded_email_updates')
      .set({ stage: 'secondary' })
      .where('session_id', '=', session.sessionId)
      .execute()
    const code = await codes.issue('update_secondary', {
      projectId: session.projectId,
      email: pending.new_email,
    })
    await send(emailUpdateCodeMail(pending.new_email, code, 'new'))
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  })

  app.post(authApiRoutes.verifyEmailUpdateSecondary.path, async (request, reply) => {
    const session = await requireSession(request, reply)
    const body = parseBody('verifyEmailUpdateSecondary', request.body)
    const pending = await pendingUpdate(session)
    if (pending?.stage !== 'secondary') throw invalidOtp()
    await limitEmail(request, pending.new_email)
    await codes.consume(
      'update_secondary',
      { projectId: session.projectId, email: pending.new_email },
      body.otp,
    )
    try {
      // (project_id, email) is unique: the new email may be in use under another project only.
      await db
        .updateTable('embedded_users')
        .set({ email: pending.new_email, last_login_at: null })
        .where('id', '=', session.userId)
        .where('project_id', '=', session.projectId)
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
    const projectId = await requireProject(request)
    await sessions.signOut(request, reply, projectId)
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

/**
 * A password wraps with scrypt and a passkey with HKDF over its PRF output; a password's scrypt
 * must not be cheap enough to make offline guessing by a database holder easy.
 */
function checkWrappedKey(
  kind: AuthApiBody<'addRecoveryMethod'>['kind'],
  wrappedKey: AuthApiBody<'addRecoveryMethod'>['wrappedKey'],
) {
  const { kdf } = wrappedKey
  if (kind === 'passkey') {
    if (kdf.name !== 'hkdf-prf') throw invalidInput('wrappedKey.kdf')
    return
  }
  if (kdf.name !== 'scrypt') throw invalidInput('wrappedKey.kdf')
  const isPowerOfTwo = (kdf.N & (kdf.N - 1)) === 0
  if (
    !isPowerOfTwo ||
    kdf.N < minimumScrypt.N ||
    kdf.r < minimumScrypt.r ||
    size(kdf.salt) < minimumScrypt.saltBytes
  )
    throw new EmbeddedApiError(
      400,
      'weak_kdf',
      `The password key derivation must be scrypt with N ≥ ${minimumScrypt.N} (a power of 2), r ≥ ${minimumScrypt.r} and a salt of ${minimumScrypt.saltBytes}+ bytes`,
    )
}

function toRecoveryMethod(row: Selectable<EmbeddedRecoveryMethodsTable>): RecoveryMethod {
  return {
    id: row.id,
    kind: row.kind as RecoveryMethod['kind'],
    wrappedKey: row.wrapped_key,
    ...(row.credential_id !== null ? { credentialId: row.credential_id } : {}),
    createdAt: row.created_at.toISOString(),
  }
}

function toDeviceRequest(row: Selectable<EmbeddedDeviceRequestsTable>): DeviceRequest {
  return {
    requestId: row.request_id,
    deviceId: row.device_id,
    publicKey: row.public_key as `0x${string}`,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  }
}
