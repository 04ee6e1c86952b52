import { randomBytes } from 'node:crypto'
import { authApiRoutes, type LoginApp } from '@foyer/frame/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { matchOrigin } from '../../projects/matchOrigin.ts'
import type { Project } from '../../projects/projects.ts'
import { EmbeddedApiError } from '../errors.ts'
import {
  appLabel,
  cleanAppName,
  escapeHtml,
  type LoginAppDisplay,
  loginAppColumns,
  type PageThemeMode,
  themedPageStyle,
  themeModeOf,
} from '../loginApp.ts'
import { hashToken } from '../oneTimeCode.ts'
import type { SessionService } from '../sessions.ts'
import { toUserRecord } from '../userRecord.ts'
import type { SocialClient, SocialFlowSecrets } from './createSocialClient.ts'
import type { FarcasterLogin } from './farcasterLogin.ts'
import { loginIdentity } from './loginIdentity.ts'
import type { SocialProviderId } from './socialProviders.ts'

/** Where providers send the visitor back: a page of the frame's origin (exact redirect URI). */
export const socialCallbackPath = '/v1/embedded/social/callback'
const callbackScriptPath = '/v1/embedded/social/callback.js'
/** How long a started social login can be completed. */
export const socialLoginLifetimeMs = 10 * 60_000
/** How long a Sign In With Farcaster request stays open. */
export const farcasterLoginLifetimeMs = 5 * 60_000

export type SocialRoutesDependencies = {
  db: Kysely<Database>
  sessions: SessionService
  /** Keys the digests of `state` and channel tokens (the database never holds them). */
  tokenKey: Uint8Array
  /** Every origin the frame is served on; the first is the primary one. */
  frameOrigins: () => readonly string[]
  findProject: (projectId: string) => Promise<Project | undefined>
  /** The configured social providers' clients. */
  providers: ReadonlyMap<SocialProviderId, SocialClient>
  /** Sign In With Farcaster, when a relay is configured. */
  farcaster: FarcasterLogin | undefined
  requireProject: (request: FastifyRequest) => Promise<string>
  parseBody: <
    name extends
      | 'startSocialLogin'
      | 'completeSocialLogin'
      | 'startFarcasterLogin'
      | 'checkFarcasterLogin',
  >(
    name: name,
    body: unknown,
  ) => import('@foyer/frame/protocol').AuthApiBody<name>
}

const failed = (code: string, message: string, status = 400) =>
  new EmbeddedApiError(status, code, message)
const expired = () =>
  failed('login_expired', 'This sign-in has expired or was already used. Start again.')

/**
 * Social login (OAuth 2.0 / OpenID Connect, SPEC §4) and Sign In With Farcaster for the embedded
 * wallet: the frame starts a login for its device, the provider returns to the frame's origin,
 * whose page hands the result to the app that started it (and no other origin), and the frame
 * completes the login here. Every started login is single use, expires, and belongs to the device
 * and project that started it.
 */
export function registerSocialRoutes(app: FastifyInstance, deps: SocialRoutesDependencies) {
  const { db, tokenKey } = deps
  const digest = (value: string) => hashToken(tokenKey, value)

  /** The frame origin the request came from (the popup must come back to that one). */
  const frameOriginOf = (request: FastifyRequest) => {
    const origins = deps.frameOrigins()
    const { origin, host } = request.headers
    if (origin && origins.includes(origin)) return origin
    const primary = origins[0]!
    const sameHost = `${new URL(primary).protocol}//${host}`
    return origins.includes(sameHost) ? sameHost : primary
  }

  const requireAllowedOrigin = async (projectId: string, appOrigin: string) => {
    const project = await deps.findProject(projectId)
    if (!project || !matchOrigin(appOrigin, project.allowedOrigins))
      throw failed('origin_not_allowed', 'Unauthorized: origin not allowed', 403)
  }

  const saveFlow = (values: {
    state: string
    projectId: string
    provider: string
    deviceId: string
    appOrigin: string
    app?: LoginApp | undefined
    secrets: Record<string, string | undefined>
    lifetimeMs: number
  }) =>
    db
      .insertInto('embedded_login_flows')
      .values({
        state_hash: digest(values.state),
        project_id: values.projectId,
        provider: values.provider,
        device_id: values.deviceId,
        app_origin: values.appOrigin,
        secrets: JSON.stringify(
          Object.fromEntries(Object.entries(values.secrets).filter(([, v]) => v !== undefined)),
        ),
        expires_at: new Date(Date.now() + values.lifetimeMs),
        consumed_at: null,
        ...loginAppColumns(values.app),
      })
      .execute()

  /** Takes a started login once: only its own device, under its own project, before it expires. */
  const takeFlow = (state: string, projectId: string, deviceId: string) =>
    db
      .updateTable('embedded_login_flows')
      .set({ consumed_at: new Date() })
      .where('state_hash', '=', digest(state))
      .where('project_id', '=', projectId)
      .where('device_id', '=', deviceId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst()

  app.post(authApiRoutes.startSocialLogin.path, async (request) => {
    const body = deps.parseBody('startSocialLogin', request.body)
    const projectId = await deps.requireProject(request)
    const client = deps.providers.get(body.provider)
    if (!client)
      throw failed(
        'provider_not_configured',
        `Login with ${body.provider} is not configured on this server`,
        404,
      )
    await requireAllowedOrigin(projectId, body.appOrigin)
    const state = randomBytes(32).toString('base64url')
    const redirectUri = `${frameOriginOf(request)}${socialCallbackPath}`
    const { url, secrets } = await client.start({ redirectUri, state }).catch((error: Error) => {
      request.log.warn({ provider: body.provider, reason: error.message }, 'social login start')
      throw failed('provider_unavailable', 'Failed to initiate social connection', 502)
    })
    await saveFlow({
      state,
      projectId,
      provider: body.provider,
      deviceId: body.deviceId,
      appOrigin: body.appOrigin,
      app: body.app,
      secrets,
      lifetimeMs: socialLoginLifetimeMs,
    })
    return { uri: url }
  })

  /**
   * The provider's redirect (GET, or Apple's form POST): a page that posts the result URI to the
   * app origin that started this login, then closes. It changes nothing; completing is the frame's.
   */
  const callback = async (
    request: FastifyRequest,
    reply: FastifyReply,
    params: URLSearchParams,
  ) => {
    const state = params.get('state') ?? ''
    const flow =
      state.length > 0 && state.length <= 128
        ? await db
            .selectFrom('embedded_login_flows')
            .select(['app_origin', 'provider', 'app_name', 'theme_mode'])
            .where('state_hash', '=', digest(state))
            .where('provider', '!=', 'farcaster')
            .where('consumed_at', 'is', null)
            .where('expires_at', '>', new Date())
            .executeTakeFirst()
        : undefined
    // The popup follows the app's light or dark mode and names it (beside its origin).
    const mode = themeModeOf(flow?.theme_mode)
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'self'; style-src ${callbackStyles[mode].styleSource}`,
      )
    if (!flow) {
      reply.status(400)
      return callbackPage(
        mode,
        'Sign-in link not valid',
        'This sign-in link is invalid or has expired. Go back to the app and start again.',
      )
    }
    const app: LoginAppDisplay = {
      origin: flow.app_origin,
      name: cleanAppName(flow.app_name),
    }
    const resultUri = new URL(socialCallbackPath, frameOriginOf(request))
    for (const [key, value] of [...params].slice(0, 20)) resultUri.searchParams.append(key, value)
    return callbackPage(
      mode,
      `Signing in to ${appLabel(app)}…`,
      'You can close this window and go back to the app.',
      JSON.stringify({ resultUri: resultUri.href, appOrigin: flow.app_origin }),
    )
  }
  app.get(socialCallbackPath, (request, reply) =>
    callback(request, reply, new URL(request.url, 'http://frame').searchParams),
  )
  app.post(socialCallbackPath, (request, reply) => {
    const body = request.body
    const params =
      body instanceof URLSearchParams
        ? body
        : new URLSearchParams(typeof body === 'string' ? body : '')
    return callback(request, reply, params)
  })
  app.get(callbackScriptPath, async (_request, reply) => {
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache')
    return callbackScript
  })

  app.post(authApiRoutes.completeSocialLogin.path, async (request, reply) => {
    const body = deps.parseBody('completeSocialLogin', request.body)
    const projectId = await deps.requireProject(request)
    let resultUri: URL
    try {
      resultUri = new URL(body.resultUri)
    } catch {
      throw failed('invalid_input', 'Invalid resultUri')
    }
    if (
      !deps.frameOrigins().includes(resultUri.origin) ||
      resultUri.pathname !== socialCallbackPath
    )
      throw failed('invalid_result', 'Failed to connect')
    const state = resultUri.searchParams.get('state')
    if (!state || state.length > 128) throw expired()
    const flow = await takeFlow(state, projectId, body.deviceId)
    if (!flow || flow.provider === 'farcaster') throw expired()
    const providerError = resultUri.searchParams.get('error')
    if (providerError) {
      const description = resultUri.searchParams.get('error_description')
      throw failed(
        providerError === 'access_denied' ? 'access_denied' : 'provider_error',
        (description || providerError).slice(0, 200),
      )
    }
    const client = deps.providers.get(flow.provider as SocialProviderId)
    if (!client) throw failed('provider_not_configured', 'Failed to connect', 404)
    const profile = await client
      .complete({ resultUri, state, secrets: flow.secrets as SocialFlowSecrets })
      .catch((error: Error) => {
        request.log.warn({ provider: flow.provider, reason: error.message }, 'social login refused')
        throw failed('social_login_failed', 'Failed to connect')
      })
    const user = await loginIdentity({
      db,
      projectId,
      provider: flow.provider,
      profile,
      deviceId: body.deviceId,
    })
    // The provider just proved the visitor: this device is theirs, as after an email approval.
    await deps.sessions.start(reply, {
      projectId,
      userId: user.id,
      deviceId: body.deviceId,
      deviceApproved: true,
    })
    return { user: toUserRecord(user) }
  })

  app.post(authApiRoutes.startFarcasterLogin.path, async (request) => {
    const body = deps.parseBody('startFarcasterLogin', request.body)
    const projectId = await deps.requireProject(request)
    const farcaster = deps.farcaster
    if (!farcaster) throw failed('provider_not_configured', 'Failed to connect to farcaster', 404)
    await requireAllowedOrigin(projectId, body.appOrigin)
    const siweUri = frameOriginOf(request)
    const domain = new URL(siweUri).host
    const nonce = randomBytes(16).toString('hex')
    const expiresAt = new Date(Date.now() + farcasterLoginLifetimeMs)
    const channel = await farcaster
      .createChannel({ siweUri, domain, nonce, expirationTime: expiresAt.toISOString() })
      .catch((error: Error) => {
        request.log.warn({ reason: error.message }, 'farcaster relay')
        throw failed('relay_unavailable', 'Failed to connect to farcaster', 502)
      })
    await saveFlow({
      state: channel.channelToken,
      projectId,
      provider: 'farcaster',
      deviceId: body.deviceId,
      appOrigin: body.appOrigin,
      secrets: { nonce, domain },
      lifetimeMs: farcasterLoginLifetimeMs,
    })
    return {
      url: channel.url,
      channelToken: channel.channelToken,
      expiresAt: expiresAt.toISOString(),
    }
  })

  app.post(authApiRoutes.checkFarcasterLogin.path, async (request, reply) => {
    const body = deps.parseBody('checkFarcasterLogin', request.body)
    const projectId = await deps.requireProject(request)
    const farcaster = deps.farcaster
    if (!farcaster) throw failed('provider_not_configured', 'Failed to connect to farcaster', 404)
    const flow = await db
      .selectFrom('embedded_login_flows')
      .select(['expires_at'])
      .where('state_hash', '=', digest(body.channelToken))
      .where('project_id', '=', projectId)
      .where('device_id', '=', body.deviceId)
      .where('provider', '=', 'farcaster')
      .where('consumed_at', 'is', null)
      .executeTakeFirst()
    if (!flow || flow.expires_at.getTime() <= Date.now())
      throw failed('login_expired', 'Failed to connect to farcaster', 410)
    const status = await farcaster.status(body.channelToken).catch((error: Error) => {
      request.log.warn({ reason: error.message }, 'farcaster relay')
      throw failed('relay_unavailable', 'Failed to connect to farcaster', 502)
    })
    if (status.state !== 'completed') return { status: 'pending' as const }
    const taken = await takeFlow(body.channelToken, projectId, body.deviceId)
    if (!taken) throw failed('login_expired', 'Failed to connect to farcaster', 410)
    const secrets = taken.secrets as { nonce: string; domain: string }
    // The relay only carries the message: the signature is checked against the Farcaster ID
    // registry (the fid's custody address or one of its auth addresses), as production does.
    const verified = await farcaster
      .verify({ message: status.message, signature: status.signature, ...secrets })
      .catch((error: Error) => {
        request.log.warn({ reason: error.message }, 'farcaster sign-in refused')
        throw failed('farcaster_refused', 'Failed to connect to farcaster')
      })
    const user = await loginIdentity({
      db,
      projectId,
      provider: 'farcaster',
      profile: {
        subject: String(verified.fid),
        name: status.displayName || undefined,
        username: status.username || undefined,
      },
      deviceId: body.deviceId,
    })
    await deps.sessions.start(reply, {
      projectId,
      userId: user.id,
      deviceId: body.deviceId,
      deviceApproved: true,
    })
    return { status: 'completed' as const, user: toUserRecord(user) }
  })
}

const callbackLightStyle =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f6f6f7;color:#1b1b1f}main{max-width:32rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}h1{font-size:1.3rem;margin-top:0;overflow-wrap:anywhere}'
const callbackDarkStyle =
  'body{background:#111114;color:#ececf0}main{background:#1c1c21;box-shadow:none}'
const callbackStyles = {
  light: themedPageStyle(callbackLightStyle, callbackDarkStyle, 'light'),
  dark: themedPageStyle(callbackLightStyle, callbackDarkStyle, 'dark'),
  system: themedPageStyle(callbackLightStyle, callbackDarkStyle, 'system'),
}

function callbackPage(mode: PageThemeMode, title: string, message: string, result?: string) {
  // JSON inside a script element: `<` escaped so the text cannot close the element.
  const data = result
    ? `<script type="application/json" id="foyer-social-result">${result.replaceAll('<', '\\u003c')}</script><script src="${callbackScriptPath}"></script>`
    : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${callbackStyles[mode].css}</style></head><body><main><h1>${escapeHtml(title)}</h1><p id="foyer-social-status">${escapeHtml(message)}</p></main>${data}</body></html>`
}

/** How long the callback page waits for the app to close it before closing itself. */
const callbackSelfCloseMs = 10_000

/** Posts the result to the opener at the app's origin only; the app closes the popup. */
const callbackScript = `(() => {
  const element = document.getElementById('foyer-social-result')
  if (!element) return
  const { resultUri, appOrigin } = JSON.parse(element.textContent)
  if (!window.opener) {
    document.getElementById('foyer-social-status').textContent =
      'The app that started this sign-in is gone. Go back to it and start again.'
    return
  }
  window.opener.postMessage({ type: '@foyer-frame/SOCIAL_RESULT', resultUri }, appOrigin)
  // The app closes this window once it has the result; closing it here first could reach the app
  // before the message does. Should the app not take it, the window still closes.
  setTimeout(() => window.close(), ${callbackSelfCloseMs})
})()
`
