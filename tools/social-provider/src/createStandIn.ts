import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose'
import Provider, {
  type Account,
  type Configuration,
  type KoaContextWithOIDC,
  type UnknownObject,
} from 'oidc-provider'
import { createMemoryAdapter } from './createMemoryAdapter.ts'
import {
  pageHeaders,
  renderAvatar,
  renderErrorPage,
  renderFormPost,
  renderLoginPage,
} from './html.ts'
import { BodyTooLargeError, isFormRequest, readBody, send, sendJson, withBody } from './http.ts'
import { splitName, subjectFor } from './identity.ts'
import { newAppleIdentifier, type ProviderSpec, type StandInAccount } from './providerSpecs.ts'
import type { SocialProviderClient } from './types.ts'
import { verifyAppleClientSecret } from './verifyAppleClientSecret.ts'

/** The app's name on the sign-in page (the client's `client_name`). */
const clientName = 'Foyer'
/** Our response modes: like oidc-provider's `query` and `form_post`, without `iss` (see README). */
const standInQuery = 'stand_in_query'
const standInFormPost = 'stand_in_form_post'
const formLimit = 16 * 1024
const tokenRequestLimit = 56 * 1024
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

export type StandIn = {
  client: SocialProviderClient
  env: Record<string, string>
  /** Serves a request under the provider's prefix; `path` is the rest of the raw URL. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>
  close(): void
}

export type CreateStandInParameters = {
  spec: ProviderSpec
  /** `http://host:port` */
  baseUrl: string
  redirectUris: readonly string[]
}

export async function createStandIn(parameters: CreateStandInParameters): Promise<StandIn> {
  const { spec, baseUrl, redirectUris } = parameters
  const prefix = `/${spec.id}`
  const issuer = `${baseUrl}${prefix}`
  const upper = spec.id.toUpperCase()
  const accounts = new Map<string, StandInAccount>()
  /** Apple sends `user` on the first authorization of a user for a client only. */
  const appleUserSent = new Set<string>()
  const adapter = createMemoryAdapter()

  const clientId = spec.newClientId()
  const clientSecret = spec.newClientSecret()
  // Apple's client authenticates with a JWT that the stand-in checks itself, then hands
  // oidc-provider this secret in its place.
  const providerSecret = spec.id === 'apple' ? randomBytes(32).toString('base64url') : clientSecret

  const signing = await generateKeyPair('RS256', { extractable: true })
  const signingJwk = {
    ...(await exportJWK(signing.privateKey)),
    kid: randomBytes(10).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  }
  const apple =
    spec.id === 'apple'
      ? await (async () => {
          const pair = await generateKeyPair('ES256', { extractable: true })
          return {
            teamId: newAppleIdentifier(),
            keyId: newAppleIdentifier(),
            privateKeyPem: await exportPKCS8(pair.privateKey),
            publicKey: pair.publicKey,
          }
        })()
      : undefined

  const avatarUrl = (sub: string) => `${issuer}/avatar/${encodeURIComponent(sub)}`

  const scopeList = (scope: unknown) =>
    typeof scope === 'string' ? scope.split(' ').filter((one) => one !== '') : []

  const configuration: Configuration = {
    adapter: adapter.factory,
    clients: [
      {
        client_id: clientId,
        client_secret: providerSecret,
        client_name: clientName,
        redirect_uris: [...redirectUris],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method:
          spec.clientAuthMethods[0] === 'client_secret_basic'
            ? 'client_secret_basic'
            : 'client_secret_post',
      },
    ],
    clientAuthMethods: [...spec.clientAuthMethods],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: spec.kind === 'oidc' ? spec.claims : { openid: ['sub'] },
    // Plain OAuth 2.0 providers know only their own scopes; their clients do not ask for `openid`.
    scopes: [...spec.scopes],
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Google and Apple put the scopes' claims in the id_token of the code flow too.
    conformIdTokenClaims: false,
    // Every sign-in shows the page (see the middleware below), so tokens cannot hang on a session.
    expiresWithSession: () => false,
    allowOmittingSingleRegisteredRedirectUri: false,
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      // Google has a userinfo endpoint; Apple has none; the others have their own profile APIs.
      userinfo: { enabled: spec.id === 'google' },
    },
    interactions: { url: (_ctx, interaction) => `${prefix}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub): Account | undefined => {
      const account = accounts.get(sub)
      if (account === undefined) return undefined
      return {
        accountId: sub,
        claims: () =>
          spec.kind === 'oidc'
            ? { ...spec.accountClaims(account, avatarUrl(sub)), sub }
            : { sub: account.sub },
      }
    },
    renderError: (ctx, out) => {
      ctx.status = ctx.status >= 400 ? ctx.status : 400
      ctx.set(pageHeaders())
      ctx.body = renderErrorPage({
        providerName: spec.name,
        accent: spec.accent,
        error: out.error,
        description: out.error_description,
      })
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 600,
      Grant: 3600,
      RefreshToken: 3600,
    },
  }

  const provider = new Provider(issuer, configuration)

  const appleUser = (ctx: KoaContextWithOIDC): string | undefined => {
    const sub = ctx.oidc.session?.accountId
    const account = sub === undefined ? undefined : accounts.get(sub)
    if (account === undefined) return undefined
    const key = `${clientId} ${account.sub}`
    if (appleUserSent.has(key)) return undefined
    appleUserSent.add(key)
    const scopes = scopeList(ctx.oidc.params?.scope)
    const user: { name?: { firstName: string; lastName: string }; email?: string } = {}
    if (scopes.includes('name')) user.name = splitName(account.name)
    if (scopes.includes('email')) user.email = account.email
    return Object.keys(user).length === 0 ? undefined : JSON.stringify(user)
  }

  const responseFields = (payload: UnknownObject): Record<string, string> => {
    const fields: Record<string, string> = {}
    for (const [name, value] of Object.entries(payload)) {
      if (name !== 'iss' && value !== undefined) fields[name] = String(value)
    }
    return fields
  }

  provider.registerResponseMode(standInQuery, (ctx, redirectUri, payload) => {
    const target = new URL(redirectUri)
    for (const [name, value] of Object.entries(responseFields(payload))) {
      target.searchParams.set(name, value)
    }
    ctx.status = 303
    ctx.redirect(target.href)
  })
  provider.registerResponseMode(standInFormPost, (ctx, redirectUri, payload) => {
    const fields = responseFields(payload)
    if (spec.id === 'apple' && fields.code !== undefined) {
      const user = appleUser(ctx)
      if (user !== undefined) fields.user = user
    }
    ctx.status = 200
    ctx.set(pageHeaders({ withFormPostScript: true }))
    ctx.body = renderFormPost({
      providerName: spec.name,
      accent: spec.accent,
      action: redirectUri,
      fields,
    })
  })

  provider.use(async (koaCtx, next) => {
    await next()
    const ctx = koaCtx as unknown as KoaContextWithOIDC
    const route = (ctx as { oidc?: { route?: string } }).oidc?.route
    // Real Apple, GitHub, X, Discord and Facebook do not announce or send RFC 9207 `iss`.
    if (route === 'discovery' && spec.id !== 'google' && typeof ctx.body === 'object') {
      delete (ctx.body as Record<string, unknown>).authorization_response_iss_parameter_supported
    }
    // No single sign-on: every authorization shows the sign-in page, so one browser can sign in
    // as anyone, and a different email never meets an older session.
    if ((route === 'authorization' || route === 'resume') && ctx.oidc.session?.accountId) {
      await ctx.oidc.session.destroy()
    }
  })

  const callback = provider.callback()
  const forward = (req: IncomingMessage, res: ServerResponse, path: string, body?: string) => {
    const target = body === undefined ? req : withBody(req, body)
    // Mounted as Express does: oidc-provider finds its mount path from `originalUrl` − `url`.
    Object.assign(target, { originalUrl: `${prefix}${path}`, url: path })
    return callback(target, res)
  }

  const errorPage = (res: ServerResponse, status: number, error: string, description?: string) =>
    send(
      res,
      status,
      pageHeaders(),
      renderErrorPage({ providerName: spec.name, accent: spec.accent, error, description }),
    )

  /**
   * The authorization endpoint, before oidc-provider: our response modes (no `iss`, Apple's `user`)
   * for all but Google, Apple's form_post rule, Facebook's comma separated scopes, `openid` and
   * `nonce` ignored by the OAuth 2.0 ones, and Google's `prompt=select_account` (the page always
   * lets one choose the account).
   */
  const authorization = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const isPost = req.method === 'POST' && isFormRequest(req)
    const queryAt = path.indexOf('?')
    const params = isPost
      ? new URLSearchParams(await readBody(req, formLimit))
      : new URLSearchParams(queryAt === -1 ? '' : path.slice(queryAt + 1))
    const modes = params.getAll('response_mode')
    if (spec.id === 'apple') {
      const scopes = scopeList(params.get('scope'))
      if ((scopes.includes('name') || scopes.includes('email')) && modes[0] !== 'form_post') {
        return errorPage(
          res,
          400,
          'invalid_request',
          'response_mode must be form_post when name or email scope is requested.',
        )
      }
    }
    if (spec.id === 'facebook' && params.get('scope')?.includes(',')) {
      params.set('scope', (params.get('scope') ?? '').replaceAll(',', ' '))
    }
    if (spec.kind === 'oauth2') {
      // The real ones ignore `openid` and `nonce`: no id_token comes from these stand-ins either.
      params.delete('nonce')
      const scopes = scopeList(params.get('scope'))
      if (scopes.includes('openid')) {
        params.set('scope', scopes.filter((scope) => scope !== 'openid').join(' '))
      }
    }
    if (spec.id === 'google' && params.getAll('prompt').length === 1) {
      const prompt = scopeList(params.get('prompt')).filter((value) => value !== 'select_account')
      if (prompt.length === 0) params.delete('prompt')
      else params.set('prompt', prompt.join(' '))
    }
    if (spec.id !== 'google') {
      if (modes.length <= 1 && (modes[0] ?? 'query') === 'query') {
        params.set('response_mode', standInQuery)
      } else if (modes.length === 1 && modes[0] === 'form_post') {
        params.set('response_mode', standInFormPost)
      }
    }
    const pathname = queryAt === -1 ? path : path.slice(0, queryAt)
    if (isPost) return forward(req, res, pathname, params.toString())
    return forward(req, res, `${pathname}?${params}`)
  }

  /** Apple's token endpoint: the client secret is an ES256 JWT, checked here. */
  const appleToken = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (apple === undefined || !isFormRequest(req)) return forward(req, res, path)
    const form = new URLSearchParams(await readBody(req, tokenRequestLimit))
    const secrets = form.getAll('client_secret')
    if (secrets.length === 1) {
      const refused = await verifyAppleClientSecret({
        clientSecret: secrets[0]!,
        publicKey: apple.publicKey,
        keyId: apple.keyId,
        teamId: apple.teamId,
        clientId: form.get('client_id') ?? clientId,
        audience: issuer,
      })
      if (refused !== undefined || (form.get('client_id') ?? clientId) !== clientId) {
        return sendJson(res, 401, { error: 'invalid_client' })
      }
      form.set('client_secret', providerSecret)
    }
    return forward(req, res, path, form.toString())
  }

  /** The stand-in's sign-in page, replacing oidc-provider's development interactions. */
  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.setHeader('allow', 'GET, POST')
      return errorPage(res, 405, 'method_not_allowed')
    }
    const form =
      req.method === 'POST'
        ? isFormRequest(req)
          ? new URLSearchParams(await readBody(req, formLimit))
          : undefined
        : undefined
    if (req.method === 'POST' && form === undefined) {
      return errorPage(res, 415, 'invalid_request', 'Expected a form.')
    }
    if (req.method === 'POST') {
      // The interaction cookie is SameSite=Lax; refusing foreign origins is a second lock.
      const origin = req.headers.origin
      if (origin !== undefined && origin !== `http://${req.headers.host}`) {
        return errorPage(res, 403, 'invalid_request', 'Cross-origin form submission refused.')
      }
    }
    const details = await provider.interactionDetails(req, res).catch(() => undefined)
    if (details === undefined || details.uid !== uid) {
      return errorPage(
        res,
        400,
        'invalid_request',
        'This sign-in request has expired or is not known to this browser. Start again from the app.',
      )
    }
    const requested = scopeList(details.params.scope)
    const renderPage = (status: number, values: { name: string; email: string }, error?: string) =>
      send(
        res,
        status,
        pageHeaders(),
        renderLoginPage({
          providerName: spec.name,
          accent: spec.accent,
          clientName,
          grants: requested.map((scope) => spec.scopeDescriptions[scope] ?? scope),
          action: `${prefix}/interaction/${details.uid}`,
          ...values,
          ...(error === undefined ? {} : { error }),
        }),
      )
    if (form === undefined) return renderPage(200, { name: '', email: '' })

    const action = form.get('action')
    if (action === 'cancel') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied the request' },
        { mergeWithLastSubmission: false },
      )
    }
    const name = (form.get('name') ?? '').trim()
    const email = (form.get('email') ?? '').trim()
    if (action !== 'continue') return renderPage(400, { name, email }, 'Choose Continue or Cancel.')
    if (name === '' || name.length > 100) {
      return renderPage(400, { name, email }, 'Enter a name of 1 to 100 characters.')
    }
    if (email.length > 254 || !emailPattern.test(email)) {
      return renderPage(400, { name, email }, 'Enter an email address like ada@example.com.')
    }

    const sub = subjectFor(spec.id, email)
    accounts.set(sub, { sub, name, email })
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) })
    if (requested.length > 0) grant.addOIDCScope(requested.join(' '))
    const grantId = await grant.save()
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  /** GitHub's `/user`, X's `/2/users/me`, Discord's `/api/users/@me`, Facebook's `/me`. */
  const profile = async (req: IncomingMessage, res: ServerResponse, path: string, url: URL) => {
    if (spec.kind !== 'oauth2') return errorPage(res, 404, 'not_found')
    if (req.method !== 'GET') {
      res.setHeader('allow', 'GET')
      return sendJson(res, 405, { message: 'Method Not Allowed' })
    }
    const authorization = req.headers.authorization ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(authorization)
    const value =
      match?.[1] ?? (spec.id === 'facebook' ? url.searchParams.get('access_token') : null)
    const token =
      value === null || value === undefined
        ? undefined
        : await provider.AccessToken.find(value).catch(() => undefined)
    const account = token === undefined ? undefined : accounts.get(token.accountId)
    if (token === undefined || token.isExpired || token.clientId !== clientId || !account) {
      const { status, body } = spec.unauthorized()
      return sendJson(res, status, body)
    }
    const { status, body } = spec.profile(path, {
      account,
      scopes: token.scopes,
      url,
      avatarUrl: avatarUrl(account.sub),
    })
    return sendJson(res, status, body)
  }

  const avatar = (req: IncomingMessage, res: ServerResponse, sub: string) => {
    const account = accounts.get(sub)
    if (req.method !== 'GET' || account === undefined) return errorPage(res, 404, 'not_found')
    return send(
      res,
      200,
      {
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'x-content-type-options': 'nosniff',
      },
      renderAvatar(account.name, account.sub),
    )
  }

  const handle = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const pathname = new URL(path, issuer).pathname
    const decoded = safeDecode(pathname)
    try {
      const interactionMatch = /^\/interaction\/([\w-]+)$/.exec(pathname)
      if (interactionMatch) return await interaction(req, res, interactionMatch[1]!)
      const avatarMatch = /^\/avatar\/([^/]+)$/.exec(pathname)
      if (avatarMatch) return avatar(req, res, safeDecode(avatarMatch[1]!))
      if (spec.kind === 'oauth2' && spec.profilePaths.includes(decoded)) {
        return await profile(req, res, decoded, new URL(path, issuer))
      }
      if (spec.id === 'apple' && pathname === '/token' && req.method === 'POST') {
        return await appleToken(req, res, path)
      }
      if (pathname === '/auth') return await authorization(req, res, path)
      return await forward(req, res, path)
    } catch (error) {
      if (error instanceof BodyTooLargeError) return errorPage(res, 413, 'invalid_request')
      throw error
    }
  }

  const client: SocialProviderClient =
    spec.kind === 'oidc'
      ? {
          id: spec.id,
          clientId,
          clientSecret,
          issuer,
          scopes: spec.scopes,
          ...(apple === undefined
            ? {}
            : {
                apple: {
                  teamId: apple.teamId,
                  keyId: apple.keyId,
                  privateKeyPem: apple.privateKeyPem,
                },
              }),
        }
      : {
          id: spec.id,
          clientId,
          clientSecret,
          authorizationEndpoint: `${issuer}/auth`,
          tokenEndpoint: `${issuer}/token`,
          userinfoEndpoint: `${issuer}${spec.profilePaths[0]}${spec.profileQuery}`,
          scopes: spec.scopes,
        }

  const env: Record<string, string> = { [`FOYER_SOCIAL_${upper}_CLIENT_ID`]: clientId }
  if (apple === undefined) env[`FOYER_SOCIAL_${upper}_CLIENT_SECRET`] = clientSecret
  if (client.issuer !== undefined) env[`FOYER_SOCIAL_${upper}_ISSUER`] = client.issuer
  if (client.authorizationEndpoint !== undefined) {
    env[`FOYER_SOCIAL_${upper}_AUTHORIZATION_URL`] = client.authorizationEndpoint
  }
  if (client.tokenEndpoint !== undefined)
    env[`FOYER_SOCIAL_${upper}_TOKEN_URL`] = client.tokenEndpoint
  if (client.userinfoEndpoint !== undefined) {
    env[`FOYER_SOCIAL_${upper}_USERINFO_URL`] = client.userinfoEndpoint
  }
  if (apple !== undefined) {
    env.FOYER_SOCIAL_APPLE_TEAM_ID = apple.teamId
    env.FOYER_SOCIAL_APPLE_KEY_ID = apple.keyId
    env.FOYER_SOCIAL_APPLE_PRIVATE_KEY = apple.privateKeyPem
  }

  return {
    client,
    env,
    handle,
    close: () => {
      adapter.clear()
      accounts.clear()
    },
  }
}
