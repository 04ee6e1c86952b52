import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import {
  type AuthApiBody,
  type AuthApiResponse,
  type AuthApiRouteName,
  authApiRoutes,
  type LoginApp,
} from '@foyer/frame/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { Database, EmbeddedDeviceApprovalsTable } from '../db/schema.ts'
import type { OutgoingMail } from '../mail/createMailer.ts'
import { appendCookie } from './cookies.ts'
import { EmbeddedApiError } from './errors.ts'
import {
  appLabel,
  escapeHtml,
  type LoginAppDisplay,
  loginAppColumns,
  type PageThemeMode,
  themedPageStyle,
  themeModeOf,
} from './loginApp.ts'
import { deviceApprovalMail, deviceBlockedMail, formatUtc, type LoginDevice } from './mailTexts.ts'
import { hashToken } from './oneTimeCode.ts'
import type { PlaceLookup } from './placeLookup.ts'
import type { EmbeddedSession } from './sessions.ts'
import { describeUserAgent } from './userAgent.ts'

/** How long an emailed device approval link works. */
export const deviceApprovalLifetimeMs = 30 * 60_000
/** The page of the emailed link: GET shows the device, only its form's POST answers. */
export const deviceApprovalPath = '/v1/embedded/email/device/approve'
/** The waiting browser's proof that it is the one that entered the code (httpOnly). */
export const loginCookieName = 'foyer_login'
const loginCookiePath = '/v1/embedded/email'

type ApprovalRow = Selectable<EmbeddedDeviceApprovalsTable>
type LoginApproval = AuthApiResponse<'listLoginApprovals'>['approvals'][number]

export const deviceBlocked = () =>
  new EmbeddedApiError(
    403,
    'device_blocked',
    'This login was refused from the email ("This wasn\'t me"): this device cannot log in to this account',
  )

export type DeviceApprovalDependencies = {
  db: Kysely<Database>
  /** Keys the link-token, login-cookie and page-token digests. */
  tokenKey: Uint8Array
  /** Keys still accepted (rotation), `tokenKey` first. */
  verifyingTokenKeys: readonly Uint8Array[]
  /** The frame's public origin: base of the link; `https:` makes the cookie Secure. */
  frameOrigin: () => string
  /** Every origin the frame is served on: the page's form is accepted from these only. */
  frameOrigins: () => readonly string[]
  /** Sends a mail (503 when mail is not configured). */
  send: (mail: OutgoingMail) => Promise<void>
  /** The operator's IP-to-place lookup (`FOYER_IP_PLACE_URL`); no place is shown without. */
  placeLookup?: PlaceLookup | undefined
  /** Told when the notice of a blocked device could not be mailed (the block holds). */
  onMailError?: ((error: unknown) => void) | undefined
}

/** The device's approval state, answered by the page and by signed-in devices alike. */
export type ApprovalAnswer = 'approved' | 'denied' | 'not_open'

export function createDeviceApprovals(deps: DeviceApprovalDependencies) {
  const { db } = deps
  const digests = (token: string) => deps.verifyingTokenKeys.map((key) => hashToken(key, token))
  /** The page's anti-forgery token: bound to its approval row, made only by this server. */
  const pageToken = (key: Uint8Array, row: Pick<ApprovalRow, 'id'>) =>
    createHmac('sha256', key).update(`approval-page\0${row.id}`).digest('base64url')
  const deviceOf = (row: ApprovalRow): LoginDevice => ({
    browser: row.browser,
    os: row.os,
    place: row.place,
    at: row.created_at,
  })
  const appOf = (row: ApprovalRow): LoginAppDisplay | undefined =>
    row.app_origin ? { origin: row.app_origin, name: row.app_name ?? undefined } : undefined

  const findByToken = (token: unknown) =>
    typeof token === 'string' && token.length > 0 && token.length < 200
      ? db
          .selectFrom('embedded_device_approvals')
          .selectAll()
          .where('token_hash', 'in', digests(token))
          .executeTakeFirst()
      : Promise.resolve(undefined)
  const isOpen = (row: ApprovalRow) =>
    !row.approved_at && !row.denied_at && !row.consumed_at && row.expires_at.getTime() > Date.now()

  /** Approves or blocks an open approval; the first answer wins (also across processes). */
  const answer = async (
    row: ApprovalRow,
    decision: 'approve' | 'deny',
  ): Promise<ApprovalAnswer> => {
    const at = new Date()
    const changed = await db
      .updateTable('embedded_device_approvals')
      .set(decision === 'approve' ? { approved_at: at } : { denied_at: at })
      .where('token_hash', '=', row.token_hash)
      .where('approved_at', 'is', null)
      .where('denied_at', 'is', null)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('token_hash')
      .executeTakeFirst()
    if (!changed) return 'not_open'
    if (decision === 'approve') return 'approved'
    await db
      .insertInto('embedded_device_blocks')
      .values({ project_id: row.project_id, email: row.email, device_id: row.device_id })
      .onConflict((c) => c.columns(['project_id', 'email', 'device_id']).doNothing())
      .execute()
    await deps.send(deviceBlockedMail(row.email, deviceOf(row))).catch(deps.onMailError)
    return 'denied'
  }

  return {
    /**
     * A right code was entered on a device the account never used: stores the approval (the
     * device as its User-Agent names it, the place when a lookup is configured, the time), gives
     * the waiting browser its login cookie and mails the link to the page. One open approval per
     * device: a new one replaces it. `app` (its origin allowed by the project) is named in the
     * mail and on the page, which follows its light or dark mode.
     */
    async request(
      request: FastifyRequest,
      reply: FastifyReply,
      target: { projectId: string; email: string; deviceId: string },
      app?: (LoginApp & { origin: string }) | undefined,
    ) {
      const appColumns = { app_origin: app?.origin ?? null, ...loginAppColumns(app) }
      const token = randomBytes(32).toString('base64url')
      const secret = randomBytes(32).toString('base64url')
      const described = describeUserAgent(request.headers['user-agent'])
      const place = deps.placeLookup
        ? await deps.placeLookup(request.ip).catch(() => undefined)
        : undefined
      const createdAt = new Date()
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('embedded_device_approvals')
          .where('project_id', '=', target.projectId)
          .where('email', '=', target.email)
          .where('device_id', '=', target.deviceId)
          .where('approved_at', 'is', null)
          .where('denied_at', 'is', null)
          .where('consumed_at', 'is', null)
          .execute()
        await trx
          .insertInto('embedded_device_approvals')
          .values({
            token_hash: hashToken(deps.tokenKey, token),
            id: randomUUID(),
            project_id: target.projectId,
            email: target.email,
            device_id: target.deviceId,
            login_secret_hash: hashToken(deps.tokenKey, secret),
            browser: described.browser,
            os: described.os,
            place: place ?? null,
            created_at: createdAt,
            expires_at: new Date(createdAt.getTime() + deviceApprovalLifetimeMs),
            approved_at: null,
            denied_at: null,
            consumed_at: null,
            ...appColumns,
          })
          .execute()
      })
      appendCookie(reply, loginCookieName, secret, {
        maxAgeSeconds: deviceApprovalLifetimeMs / 1000,
        path: loginCookiePath,
        secure: deps.frameOrigin().startsWith('https:'),
      })
      const link = new URL(deviceApprovalPath, deps.frameOrigin())
      link.searchParams.set('token', token)
      const shownApp = appColumns.app_origin
        ? { origin: appColumns.app_origin, name: appColumns.app_name ?? undefined }
        : undefined
      await deps.send(
        deviceApprovalMail(
          target.email,
          link.href,
          { ...described, place, at: createdAt },
          shownApp,
        ),
      )
    },

    /**
     * The waiting browser's approval once answered (`secret` is its login cookie): `approved`
     * takes it (once), `denied` and `open` are told as such; nothing otherwise.
     */
    async take(target: { projectId: string; email: string; deviceId: string }, secret: string) {
      const row = await db
        .selectFrom('embedded_device_approvals')
        .selectAll()
        .where('project_id', '=', target.projectId)
        .where('email', '=', target.email)
        .where('device_id', '=', target.deviceId)
        .where('login_secret_hash', 'in', digests(secret))
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()
      if (!row) return 'none' as const
      if (row.denied_at) return 'denied' as const
      if (!row.approved_at) return row.expires_at.getTime() > Date.now() ? 'open' : 'none'
      const taken = await db
        .updateTable('embedded_device_approvals')
        .set({ consumed_at: new Date() })
        .where('token_hash', '=', row.token_hash)
        .where('consumed_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst()
      return taken ? ('approved' as const) : ('none' as const)
    },

    clearLoginCookie(reply: FastifyReply) {
      appendCookie(reply, loginCookieName, '', {
        maxAgeSeconds: 0,
        path: loginCookiePath,
        secure: deps.frameOrigin().startsWith('https:'),
      })
    },

    async isBlocked({
      projectId,
      email,
      deviceId,
    }: {
      projectId: string
      email: string
      deviceId: string
    }) {
      return (
        (await db
          .selectFrom('embedded_device_blocks')
          .select('device_id')
          .where('project_id', '=', projectId)
          .where('email', '=', email)
          .where('device_id', '=', deviceId)
          .executeTakeFirst()) !== undefined
      )
    },

    /** The account's open approvals, for its signed-in devices (not the asking device's own). */
    async listOpen(session: EmbeddedSession): Promise<LoginApproval[]> {
      if (!session.email) return []
      const rows = await db
        .selectFrom('embedded_device_approvals')
        .selectAll()
        .where('project_id', '=', session.projectId)
        .where('email', '=', session.email)
        .where('device_id', '!=', session.deviceId)
        .where('approved_at', 'is', null)
        .where('denied_at', 'is', null)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', new Date())
        .orderBy('created_at', 'asc')
        .execute()
      return rows.map((row) => ({
        approvalId: row.id,
        browser: row.browser,
        os: row.os,
        ...(row.place ? { place: row.place } : {}),
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
      }))
    },

    /** A signed-in device of the account answers an approval (404 for another account's). */
    async answerFromDevice(session: EmbeddedSession, approvalId: string, approve: boolean) {
      const row = session.email
        ? await db
            .selectFrom('embedded_device_approvals')
            .selectAll()
            .where('id', '=', approvalId)
            .where('project_id', '=', session.projectId)
            .where('email', '=', session.email)
            .where('device_id', '!=', session.deviceId)
            .executeTakeFirst()
        : undefined
      if (!row) throw new EmbeddedApiError(404, 'not_found', 'Login request not found')
      const result = await answer(row, approve ? 'approve' : 'deny')
      if (result === 'not_open')
        throw new EmbeddedApiError(
          409,
          'already_answered',
          'This login request was already answered or has expired',
        )
    },

    register(app: FastifyInstance) {
      const headers = (reply: FastifyReply, status: number, mode: PageThemeMode = 'system') =>
        reply
          .status(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          // The token is in the page's URL: no other origin sees it. Same-origin keeps the form
          // POST's `Origin` header (no-referrer would send `null`).
          .header('referrer-policy', 'same-origin')
          .header('content-security-policy', pageContentSecurityPolicy(mode))

      // GET (and HEAD, which Fastify answers from it) only shows: mail scanners that prefetch
      // links change nothing.
      app.get(deviceApprovalPath, async (request, reply) => {
        const { token } = (request.query ?? {}) as { token?: unknown }
        const row = await findByToken(token)
        if (!row || !isOpen(row)) {
          headers(reply, 400)
          return notOpenPage
        }
        const mode = themeModeOf(row.theme_mode)
        headers(reply, 200, mode)
        return approvalPage(row, appOf(row), mode, String(token), pageToken(deps.tokenKey, row))
      })

      app.post(deviceApprovalPath, async (request, reply) => {
        // The page's own form only: from the frame's origin (a form POST always names its
        // origin), with the page's token. A foreign Origin is refused before this handler.
        const origin = request.headers.origin
        const fetchSite = request.headers['sec-fetch-site']
        if (
          origin === undefined ||
          !deps.frameOrigins().includes(origin) ||
          (fetchSite !== undefined && fetchSite !== 'same-origin')
        ) {
          headers(reply, 403)
          return forgedPage
        }
        const form = request.body instanceof URLSearchParams ? request.body : undefined
        const row = await findByToken(form?.get('token') ?? undefined)
        if (!row) {
          headers(reply, 400)
          return notOpenPage
        }
        const given = Buffer.from(form?.get('csrf') ?? '')
        const fromPage = deps.verifyingTokenKeys.some((key) => {
          const expected = Buffer.from(pageToken(key, row))
          return expected.length === given.length && timingSafeEqual(expected, given)
        })
        if (!fromPage) {
          headers(reply, 403)
          return forgedPage
        }
        const decision = form?.get('decision')
        if (decision !== 'approve' && decision !== 'deny') {
          headers(reply, 400)
          return notOpenPage
        }
        const result = await answer(row, decision)
        const mode = themeModeOf(row.theme_mode)
        headers(reply, result === 'not_open' ? 400 : 200, mode)
        return result === 'approved'
          ? approvedPage(appOf(row), mode)
          : result === 'denied'
            ? deniedPage(mode)
            : notOpenPage
      })
    },
  }
}

export type DeviceApprovals = ReturnType<typeof createDeviceApprovals>

/** Routes of signed-in devices that see and answer the account's login approvals. */
export function registerLoginApprovalRoutes(
  app: FastifyInstance,
  deps: {
    approvals: DeviceApprovals
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<EmbeddedSession>
    parseBody: <name extends AuthApiRouteName>(name: name, body: unknown) => AuthApiBody<name>
  },
) {
  app.get(authApiRoutes.listLoginApprovals.path, async (request, reply) => {
    const session = await deps.requireSession(request, reply)
    return { approvals: await deps.approvals.listOpen(session) }
  })
  app.post(authApiRoutes.answerLoginApproval.path, async (request, reply) => {
    const session = await deps.requireSession(request, reply)
    const body = deps.parseBody('answerLoginApproval', request.body)
    await deps.approvals.answerFromDevice(session, body.approvalId, body.approve)
    return { ok: true as const }
  })
}

const lightStyle =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f6f6f7;color:#1b1b1f}main{max-width:32rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}h1{font-size:1.4rem;margin-top:0;overflow-wrap:anywhere}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}form{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.5rem 0 1rem}button{font:inherit;padding:.6rem 1.1rem;border-radius:8px;border:1px solid #1b1b1f;background:#fff;color:#1b1b1f;cursor:pointer}button[value=approve]{background:#1b1b1f;color:#fff}button:focus-visible{outline:3px solid #3b82f6;outline-offset:2px}.muted{color:#55555c;font-size:.9rem}'
const darkStyle =
  'body{background:#111114;color:#ececf0}main{background:#1c1c21;box-shadow:none}button{background:#1c1c21;color:#ececf0;border-color:#ececf0}button[value=approve]{background:#ececf0;color:#111114}.muted{color:#a7a7ad}'

const pageStyles = {
  light: themedPageStyle(lightStyle, darkStyle, 'light'),
  dark: themedPageStyle(lightStyle, darkStyle, 'dark'),
  system: themedPageStyle(lightStyle, darkStyle, 'system'),
}

/** No script at all; the one inline style is allowed by its hash; forms post to this origin only. */
const pageContentSecurityPolicy = (mode: PageThemeMode) =>
  [
    "default-src 'none'",
    `style-src ${pageStyles[mode].styleSource}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')

/** A page in the app's mode (`system`: the visitor's `prefers-color-scheme`). */
const page = (title: string, content: string, mode: PageThemeMode = 'system') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Foyer wallet</title><style>${pageStyles[mode].css}</style></head><body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`

function approvalPage(
  row: ApprovalRow,
  app: LoginAppDisplay | undefined,
  mode: PageThemeMode,
  token: string,
  csrf: string,
): string {
  const place = row.place
    ? `<dt>Place</dt><dd>near ${escapeHtml(row.place)} (approximate)</dd>`
    : ''
  // The name is whatever the app said: shown as text, always beside the origin the frame saw.
  const appRows = app
    ? `${app.name ? `<dt>App</dt><dd>${escapeHtml(app.name)} <span class="muted">(the name it gives itself)</span></dd>` : ''}<dt>App address</dt><dd>${escapeHtml(app.origin)}</dd>`
    : ''
  return page(
    app ? `Approve a new login to ${appLabel(app)}?` : 'Approve this device?',
    `<p>A right login code for the wallet of <strong>${escapeHtml(row.email)}</strong> was entered on a device it has not used before${app ? ` to log in to <strong>${escapeHtml(appLabel(app))}</strong>` : ''}. Approve it only if this was you, just now.</p><dl>${appRows}<dt>Device</dt><dd>${escapeHtml(row.browser)} on ${escapeHtml(row.os)}</dd>${place}<dt>Time</dt><dd><time datetime="${row.created_at.toISOString()}">${formatUtc(row.created_at)}</time></dd></dl><form method="post" action="${deviceApprovalPath}"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="csrf" value="${escapeHtml(csrf)}"><button type="submit" name="decision" value="approve">Approve this device</button><button type="submit" name="decision" value="deny">This wasn't me</button></form><p class="muted">Opening this page changed nothing; only these buttons do. "This wasn't me" blocks that device from your wallet and tells you by email.</p>`,
    mode,
  )
}

const approvedPage = (app: LoginAppDisplay | undefined, mode: PageThemeMode) =>
  page(
    'Device approved',
    `<p>Go back to ${app ? `<strong>${escapeHtml(appLabel(app))}</strong>` : 'the app'} on that device: it logs in by itself.</p>`,
    mode,
  )
const deniedPage = (mode: PageThemeMode) =>
  page(
    'Device blocked',
    '<p>That device was not logged in and cannot log in to your wallet. It had a right login code: someone may be reading your email or tricked you into sharing a code. Change your email password, and never give a login code to anyone.</p><p class="muted">We sent you an email about it.</p>',
    mode,
  )
const notOpenPage = page(
  'Link not valid',
  '<p>This approval link is invalid, was already answered, or has expired. Nothing was changed. To log in, start again from the app.</p>',
)
const forgedPage = page(
  'Not sent from the approval page',
  '<p>Nothing was changed. Open the link from the email and use the buttons on its page.</p>',
)
