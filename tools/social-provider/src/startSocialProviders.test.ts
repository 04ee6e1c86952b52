import { createHash } from 'node:crypto'
import { importPKCS8, SignJWT } from 'jose'
import * as oidc from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseForm, ScriptedBrowser } from './scriptedBrowser.ts'
import { startSocialProviders } from './startSocialProviders.ts'
import type { SocialProviderClient, SocialProviderId, SocialProviders } from './types.ts'

const redirectUri = 'http://127.0.0.1:5999/auth/social/callback'
const otherRedirectUri = 'https://foyer.test/auth/social/callback'
const isCallback = (url: URL) => url.href.startsWith(`${redirectUri}?`)

let providers: SocialProviders

beforeAll(async () => {
  providers = await startSocialProviders({ port: 0, redirectUris: [redirectUri, otherRedirectUri] })
})

afterAll(async () => {
  await providers?.stop()
})

type Person = { name: string; email: string }
const ada: Person = { name: 'Ada Lovelace', email: 'ada.lovelace@example.com' }
const grace: Person = { name: 'Grace Hopper', email: 'grace@example.com' }

/** Opens the authorization URL, then fills the sign-in page and presses Continue (or Cancel). */
async function signIn(
  authorizationUrl: URL,
  person: Person,
  options: { browser?: ScriptedBrowser; button?: 'continue' | 'cancel' } = {},
) {
  const browser = options.browser ?? new ScriptedBrowser()
  const page = await browser.navigate(authorizationUrl, isCallback)
  expect(page.response?.status, page.html).toBe(200)
  const action = /<form method="post" action="([^"]*)">/.exec(page.html!)?.[1]
  expect(action).toBeDefined()
  const done = await browser.navigate(new URL(action!, page.url), isCallback, {
    form: { ...person, action: options.button ?? 'continue' },
  })
  return { browser, loginPage: page.html!, ...done }
}

async function pkce() {
  const verifier = oidc.randomPKCECodeVerifier()
  return { verifier, challenge: await oidc.calculatePKCECodeChallenge(verifier) }
}

function client(id: SocialProviderId): SocialProviderClient {
  return providers.clients[id]
}

async function appleClientSecret(
  options: { privateKeyPem?: string; expiresIn?: string | number; issuedAt?: number } = {},
) {
  const apple = client('apple')
  const key = await importPKCS8(options.privateKeyPem ?? apple.apple!.privateKeyPem, 'ES256')
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: apple.apple!.keyId })
    .setIssuer(apple.apple!.teamId)
    .setSubject(apple.clientId)
    .setAudience(apple.issuer!)
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(key)
}

async function discover(id: 'google' | 'apple', clientSecret?: string) {
  const { issuer, clientId } = client(id)
  return id === 'google'
    ? oidc.discovery(new URL(issuer!), clientId, client('google').clientSecret, undefined, {
        execute: [oidc.allowInsecureRequests],
      })
    : oidc.discovery(
        new URL(issuer!),
        clientId,
        undefined,
        oidc.ClientSecretPost(clientSecret ?? (await appleClientSecret())),
        { execute: [oidc.allowInsecureRequests] },
      )
}

/** A relying party of a plain OAuth 2.0 provider, configured by hand as for the real one. */
function oauth2Configuration(id: 'github' | 'x' | 'discord' | 'facebook', basic = id === 'x') {
  const c = client(id)
  const config = new oidc.Configuration(
    {
      issuer: `https://${id}.example`,
      authorization_endpoint: c.authorizationEndpoint!,
      token_endpoint: c.tokenEndpoint!,
    },
    c.clientId,
    undefined,
    basic ? oidc.ClientSecretBasic(c.clientSecret) : oidc.ClientSecretPost(c.clientSecret),
  )
  oidc.allowInsecureRequests(config)
  return config
}

async function googleSignIn(
  person: Person,
  browser?: ScriptedBrowser,
  extra: Record<string, string> = {},
) {
  const config = await discover('google')
  const { verifier, challenge } = await pkce()
  const state = oidc.randomState()
  const nonce = oidc.randomNonce()
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: client('google').scopes.join(' '),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  })
  const result = await signIn(url, person, browser ? { browser } : {})
  return { config, verifier, state, nonce, ...result }
}

async function oauth2SignIn(id: 'github' | 'x' | 'discord' | 'facebook', person: Person) {
  const config = oauth2Configuration(id)
  const { verifier, challenge } = await pkce()
  const state = oidc.randomState()
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: client(id).scopes.join(' '),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  })
  const result = await signIn(url, person)
  expect(result.url.searchParams.has('iss')).toBe(false)
  const tokens = await oidc.authorizationCodeGrant(config, result.url, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  })
  expect(tokens.id_token).toBeUndefined()
  const response = await oidc.fetchProtectedResource(
    config,
    tokens.access_token,
    new URL(client(id).userinfoEndpoint!),
    'GET',
  )
  expect(response.status).toBe(200)
  return { config, tokens, profile: await response.json(), loginPage: result.loginPage }
}

describe('Google (OpenID Connect)', () => {
  it('signs in with discovery, PKCE, state and nonce; the id_token has Google’s claims', async () => {
    const { config, verifier, state, nonce, url } = await googleSignIn(ada)
    expect(url.searchParams.get('state')).toBe(state)
    // Google sends RFC 9207 `iss` with the code; the stand-ins of the others do not, as they.
    expect(url.searchParams.get('iss')).toBe(client('google').issuer)
    const tokens = await oidc.authorizationCodeGrant(config, url, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    })
    const claims = tokens.claims()!
    expect(claims).toMatchObject({
      iss: client('google').issuer,
      aud: client('google').clientId,
      nonce,
      sub: expect.stringMatching(/^1\d{20}$/),
      email: ada.email,
      email_verified: true,
      name: ada.name,
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/google\/avatar\//),
    })
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
    expect(info).toMatchObject({ sub: claims.sub, email: ada.email, name: ada.name })
    const avatar = await fetch(claims.picture as string)
    expect(avatar.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await avatar.text()).toContain('>AL<')
  })

  it('gives the same subject to the same email in another browser, another to another email', async () => {
    const subjectOf = async (person: Person) => {
      const { config, verifier, state, nonce, url } = await googleSignIn(person)
      const tokens = await oidc.authorizationCodeGrant(config, url, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      })
      return tokens.claims()!.sub
    }
    const first = await subjectOf(ada)
    expect(
      await subjectOf({ name: 'Countess of Lovelace', email: 'ADA.lovelace@example.com ' }),
    ).toBe(first)
    expect(await subjectOf(grace)).not.toBe(first)
  })

  it('shows the sign-in page on every authorization, so one browser can switch accounts', async () => {
    const browser = new ScriptedBrowser()
    const subjects = []
    for (const person of [ada, grace]) {
      // Google's own `prompt=select_account` is accepted (the page is the account chooser).
      const { config, verifier, state, nonce, url } = await googleSignIn(person, browser, {
        prompt: 'select_account',
        access_type: 'offline',
      })
      const tokens = await oidc.authorizationCodeGrant(config, url, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      })
      subjects.push(tokens.claims()!.email)
    }
    expect(subjects).toEqual([ada.email, grace.email])
  })

  it('fails openid-client’s nonce check when the nonce is not the one sent', async () => {
    const { config, verifier, state, url } = await googleSignIn(ada)
    await expect(
      oidc.authorizationCodeGrant(config, url, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: oidc.randomNonce(),
      }),
    ).rejects.toMatchObject({
      code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
      cause: { message: expect.stringMatching(/"nonce" claim/) },
    })
  })

  it('refuses a code used twice and revokes what the first use issued', async () => {
    const { config, verifier, state, nonce, url } = await googleSignIn(ada)
    const checks = { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce }
    const tokens = await oidc.authorizationCodeGrant(config, url, checks)
    await expect(oidc.authorizationCodeGrant(config, url, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    })
    // oidc-provider revokes the grant on a replayed code: the first access token is dead too.
    await expect(
      oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub),
    ).rejects.toMatchObject({
      status: 401,
      cause: [
        { scheme: 'bearer', parameters: expect.objectContaining({ error: 'invalid_token' }) },
      ],
    })
  })

  it('refuses a wrong PKCE verifier', async () => {
    const { config, state, nonce, url } = await googleSignIn(ada)
    await expect(
      oidc.authorizationCodeGrant(config, url, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: state,
        expectedNonce: nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
  })

  it('answers Cancel with error=access_denied on the redirect URI', async () => {
    const config = await discover('google')
    const { challenge } = await pkce()
    const state = oidc.randomState()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce: oidc.randomNonce(),
    })
    const result = await signIn(url, { name: '', email: '' }, { button: 'cancel' })
    expect(result.url.searchParams.get('error')).toBe('access_denied')
    expect(result.url.searchParams.get('error_description')).toBe('The user denied the request')
    expect(result.url.searchParams.get('state')).toBe(state)
    await expect(
      oidc.authorizationCodeGrant(config, result.url, { expectedState: state }),
    ).rejects.toMatchObject({ error: 'access_denied' })
  })
})

describe('Apple (OpenID Connect, form_post, JWT client secret)', () => {
  async function appleSignIn(person: Person, clientSecret?: string) {
    const config = await discover('apple', clientSecret)
    const { verifier, challenge } = await pkce()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid name email',
      response_mode: 'form_post',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    const result = await signIn(url, person)
    expect(result.response?.status).toBe(200)
    const form = parseForm(result.html!)
    const callback = new Request(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields),
    })
    return {
      config,
      form,
      callback,
      page: result,
      checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce },
    }
  }

  it('posts code, state and, on the first authorization only, user to the redirect URI', async () => {
    const person = { name: 'Katherine Johnson', email: 'katherine@example.com' }
    const first = await appleSignIn(person)
    expect(first.form.action).toBe(redirectUri)
    expect(first.page.response?.headers.get('content-security-policy')).toContain(
      `'sha256-${createHash('sha256')
        .update(/<script>(.*)<\/script>/.exec(first.page.html!)![1]!)
        .digest('base64')}'`,
    )
    expect(Object.keys(first.form.fields).sort()).toEqual(['code', 'state', 'user'])
    expect(first.form.fields.state).toBe(first.checks.expectedState)
    expect(JSON.parse(first.form.fields.user!)).toEqual({
      name: { firstName: 'Katherine', lastName: 'Johnson' },
      email: person.email,
    })
    const tokens = await oidc.authorizationCodeGrant(first.config, first.callback, first.checks)
    const claims = tokens.claims()!
    expect(claims).toMatchObject({
      iss: client('apple').issuer,
      aud: client('apple').clientId,
      nonce: first.checks.expectedNonce,
      sub: expect.stringMatching(/^\d{6}\.[0-9a-f]{32}\.\d{4}$/),
      email: person.email,
      email_verified: true,
      is_private_email: false,
    })
    expect(claims).not.toHaveProperty('name')

    const again = await appleSignIn(person)
    expect(Object.keys(again.form.fields).sort()).toEqual(['code', 'state'])
    const second = await oidc.authorizationCodeGrant(again.config, again.callback, again.checks)
    expect(second.claims()!.sub).toBe(claims.sub)
  })

  it('has no userinfo endpoint and does not announce RFC 9207 iss', async () => {
    const metadata = (await discover('apple')).serverMetadata()
    expect(metadata.userinfo_endpoint).toBeUndefined()
    expect(metadata.authorization_response_iss_parameter_supported).toBeUndefined()
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['client_secret_post'])
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'name', 'email']))
  })

  it.each([
    [
      'signed by another key',
      async () => {
        const { generateKeyPair, exportPKCS8 } = await import('jose')
        const other = await generateKeyPair('ES256', { extractable: true })
        return appleClientSecret({ privateKeyPem: await exportPKCS8(other.privateKey) })
      },
    ],
    [
      'expired',
      () =>
        appleClientSecret({
          issuedAt: Math.floor(Date.now() / 1000) - 7200,
          expiresIn: Math.floor(Date.now() / 1000) - 3600,
        }),
    ],
    ['valid for more than six months', () => appleClientSecret({ expiresIn: '200d' })],
  ])('refuses a client secret %s with invalid_client (401)', async (_label, makeSecret) => {
    const { config, callback, checks } = await appleSignIn(
      { name: 'Mallory', email: 'mallory@example.com' },
      await makeSecret(),
    )
    await expect(oidc.authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({
      error: 'invalid_client',
      status: 401,
    })
  })

  it('requires response_mode=form_post when name or email is asked for, as Apple does', async () => {
    const config = await discover('apple')
    const { challenge } = await pkce()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
    })
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('response_mode must be form_post')
  })
})

describe('plain OAuth 2.0 providers', () => {
  it('GitHub: /user as GitHub answers it', async () => {
    const { profile, loginPage } = await oauth2SignIn('github', ada)
    expect(profile).toEqual({
      id: expect.any(Number),
      login: 'ada-lovelace',
      name: ada.name,
      email: ada.email,
      avatar_url: expect.stringMatching(/\/github\/avatar\/\d+$/),
      type: 'User',
    })
    expect(loginPage).toContain('<h1>Sign in with GitHub — local stand-in</h1>')
    expect(loginPage).toContain('Your email addresses')
  })

  it('X: /2/users/me with the picture asked for by user.fields, no email', async () => {
    const { profile } = await oauth2SignIn('x', ada)
    expect(profile).toEqual({
      data: {
        id: expect.stringMatching(/^\d{19}$/),
        name: ada.name,
        username: 'ada_lovelace',
        profile_image_url: expect.stringMatching(/\/x\/avatar\/\d+$/),
      },
    })
  })

  it('Discord: /api/users/@me with a snowflake id', async () => {
    const { profile } = await oauth2SignIn('discord', ada)
    expect(profile).toEqual({
      id: expect.stringMatching(/^\d{17,19}$/),
      username: 'ada.lovelace',
      global_name: ada.name,
      avatar: null,
      discriminator: '0',
      email: ada.email,
      verified: true,
    })
  })

  it('Facebook: /me with the fields asked for', async () => {
    const { profile, config, tokens } = await oauth2SignIn('facebook', ada)
    expect(profile).toEqual({
      id: expect.stringMatching(/^10\d{15}$/),
      name: ada.name,
      email: ada.email,
      picture: {
        data: expect.objectContaining({ url: expect.stringMatching(/\/facebook\/avatar\//) }),
      },
    })
    const me = new URL(client('facebook').userinfoEndpoint!)
    me.search = ''
    const defaults = await oidc.fetchProtectedResource(config, tokens.access_token, me, 'GET')
    expect(await defaults.json()).toEqual({ id: profile.id, name: ada.name })
  })

  it('derives the same numeric id for the same email, another for another', async () => {
    const first = (await oauth2SignIn('github', ada)).profile.id
    expect((await oauth2SignIn('github', { ...ada, name: 'A. L.' })).profile.id).toBe(first)
    expect((await oauth2SignIn('github', grace)).profile.id).not.toBe(first)
  })

  it('X accepts only HTTP Basic client authentication at its token endpoint', async () => {
    const config = oauth2Configuration('x', false)
    const { verifier, challenge } = await pkce()
    const state = oidc.randomState()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'users.read tweet.read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    })
    const result = await signIn(url, ada)
    await expect(
      oidc.authorizationCodeGrant(config, result.url, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_client' })
  })

  it('Discord accepts HTTP Basic as well as client_secret_post', async () => {
    const config = oauth2Configuration('discord', true)
    const { verifier, challenge } = await pkce()
    const state = oidc.randomState()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'identify email',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    })
    const result = await signIn(url, ada)
    const tokens = await oidc.authorizationCodeGrant(config, result.url, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    })
    expect(tokens.token_type).toBe('bearer')
  })

  it('refuses an unknown or reused access token in the provider’s own error shape', async () => {
    const cases = [
      ['github', 401, { message: 'Bad credentials' }],
      ['x', 401, { title: 'Unauthorized' }],
      ['discord', 401, { message: '401: Unauthorized' }],
      ['facebook', 400, { error: expect.objectContaining({ type: 'OAuthException', code: 190 }) }],
    ] as const
    for (const [id, status, body] of cases) {
      const response = await fetch(client(id).userinfoEndpoint!, {
        headers: { authorization: 'Bearer not-a-token' },
      })
      expect(response.status).toBe(status)
      expect(await response.json()).toMatchObject(body)
    }
  })

  it('refuses a code used twice, and the access token of its first use then stops working', async () => {
    const config = oauth2Configuration('github')
    const { verifier, challenge } = await pkce()
    const state = oidc.randomState()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'read:user user:email',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    })
    const { url: callback } = await signIn(url, ada)
    const checks = { pkceCodeVerifier: verifier, expectedState: state }
    const tokens = await oidc.authorizationCodeGrant(config, callback, checks)
    await expect(oidc.authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    })
    const profile = await oidc.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(client('github').userinfoEndpoint!),
      'GET',
    )
    expect(profile.status).toBe(401)
  })

  it('does not need the openid scope, and ignores it and a nonce as the real ones do', async () => {
    const { tokens } = await oauth2SignIn('discord', grace)
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'identify'])

    const config = oauth2Configuration('github')
    const { verifier, challenge } = await pkce()
    const state = oidc.randomState()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid read:user',
      nonce: 'n',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    })
    const { url: callback } = await signIn(url, grace)
    const github = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    })
    expect(github.id_token).toBeUndefined()
    expect(github.scope).toBe('read:user')
  })
})

describe('authorization requests the stand-in refuses', () => {
  it('a redirect URI that is not registered: an error page, no redirect', async () => {
    const config = oauth2Configuration('github')
    const { challenge } = await pkce()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:5999/auth/social/callback/other',
      scope: 'read:user',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'abc',
    })
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    const html = await response.text()
    expect(html).toContain('invalid_redirect_uri')
    expect(html).toContain('<html lang="en">')
  })

  it('a request without PKCE: redirected back with invalid_request', async () => {
    const config = oauth2Configuration('discord')
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'identify',
      state: 'xyz',
    })
    const { url: callback } = await new ScriptedBrowser().navigate(url, isCallback)
    expect(callback.searchParams.get('error')).toBe('invalid_request')
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/)
    expect(callback.searchParams.get('state')).toBe('xyz')
  })
})

describe('the sign-in page', () => {
  async function openPage(browser = new ScriptedBrowser()) {
    const config = oauth2Configuration('facebook')
    const { challenge } = await pkce()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'email,public_profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'st',
    })
    const page = await browser.navigate(url, isCallback)
    const action = /<form method="post" action="([^"]*)">/.exec(page.html!)![1]!
    return { browser, page, action: new URL(action, page.url) }
  }

  it('is accessible HTML that names the app and what it receives', async () => {
    const { page } = await openPage()
    const html = page.html!
    expect(page.response?.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<main>')
    expect(html).toContain('<h1>Sign in with Facebook — local stand-in</h1>')
    expect(html).toContain('<strong>Foyer</strong>')
    expect(html).toContain('<li>Your email address</li>')
    expect(html).toContain('<li>Your name and profile picture</li>')
    expect(html).toContain('<label for="name">Name</label>')
    expect(html).toContain('<label for="email">Email</label>')
    expect(html).toMatch(/<button[^>]*value="continue">Continue<\/button>/)
    expect(html).toMatch(/<button[^>]*value="cancel" formnovalidate>Cancel<\/button>/)
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^\s"']*\.(css|js|png|svg|woff2?)/)
  })

  it('re-renders with an escaped, announced error for a bad email', async () => {
    const { browser, action } = await openPage()
    const response = await browser.request(action, {
      form: { name: '<script>alert(1)</script>', email: 'nope', action: 'continue' },
    })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('role="alert"')
    expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"')
    expect(html).not.toContain('<script>alert(1)')
  })

  it('refuses a post from another origin, or without the interaction cookie', async () => {
    const { browser, action } = await openPage()
    const crossOrigin = await browser.request(action, {
      form: { ...ada, action: 'continue' },
      headers: { origin: 'http://evil.test' },
    })
    expect(crossOrigin.status).toBe(403)
    const noCookie = await new ScriptedBrowser().request(action, {
      form: { ...ada, action: 'continue' },
    })
    expect(noCookie.status).toBe(400)
  })
})

describe('serverEnv', () => {
  it('lists every provider’s variables', () => {
    const env = providers.serverEnv()
    expect(Object.keys(env).sort()).toEqual(
      [
        'FOYER_SOCIAL_APPLE_CLIENT_ID',
        'FOYER_SOCIAL_APPLE_ISSUER',
        'FOYER_SOCIAL_APPLE_KEY_ID',
        'FOYER_SOCIAL_APPLE_PRIVATE_KEY',
        'FOYER_SOCIAL_APPLE_TEAM_ID',
        'FOYER_SOCIAL_DISCORD_AUTHORIZATION_URL',
        'FOYER_SOCIAL_DISCORD_CLIENT_ID',
        'FOYER_SOCIAL_DISCORD_CLIENT_SECRET',
        'FOYER_SOCIAL_DISCORD_TOKEN_URL',
        'FOYER_SOCIAL_DISCORD_USERINFO_URL',
        'FOYER_SOCIAL_FACEBOOK_AUTHORIZATION_URL',
        'FOYER_SOCIAL_FACEBOOK_CLIENT_ID',
        'FOYER_SOCIAL_FACEBOOK_CLIENT_SECRET',
        'FOYER_SOCIAL_FACEBOOK_TOKEN_URL',
        'FOYER_SOCIAL_FACEBOOK_USERINFO_URL',
        'FOYER_SOCIAL_GITHUB_AUTHORIZATION_URL',
        'FOYER_SOCIAL_GITHUB_CLIENT_ID',
        'FOYER_SOCIAL_GITHUB_CLIENT_SECRET',
        'FOYER_SOCIAL_GITHUB_TOKEN_URL',
        'FOYER_SOCIAL_GITHUB_USERINFO_URL',
        'FOYER_SOCIAL_GOOGLE_CLIENT_ID',
        'FOYER_SOCIAL_GOOGLE_CLIENT_SECRET',
        'FOYER_SOCIAL_GOOGLE_ISSUER',
        'FOYER_SOCIAL_X_AUTHORIZATION_URL',
        'FOYER_SOCIAL_X_CLIENT_ID',
        'FOYER_SOCIAL_X_CLIENT_SECRET',
        'FOYER_SOCIAL_X_TOKEN_URL',
        'FOYER_SOCIAL_X_USERINFO_URL',
      ].sort(),
    )
    expect(env.FOYER_SOCIAL_APPLE_PRIVATE_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----\n/)
    expect(env.FOYER_SOCIAL_GITHUB_USERINFO_URL).toBe(`${providers.url}/github/user`)
    expect(env.FOYER_SOCIAL_FACEBOOK_USERINFO_URL).toBe(
      `${providers.url}/facebook/me?fields=id,name,email,picture`,
    )
    expect(env.FOYER_SOCIAL_GOOGLE_ISSUER).toBe(`${providers.url}/google`)
    expect(client('apple').clientSecret).toBe('')
  })

  it('starts only the providers asked for, with fresh credentials', async () => {
    const two = await startSocialProviders({
      port: 0,
      redirectUris: [redirectUri],
      providers: ['github', 'google'],
    })
    try {
      expect(Object.keys(two.clients).sort()).toEqual(['github', 'google'])
      expect(two.clients.github.clientId).not.toBe(client('github').clientId)
      expect(Object.keys(two.serverEnv()).some((name) => name.includes('APPLE'))).toBe(false)
      expect((await fetch(`${two.url}/apple/.well-known/openid-configuration`)).status).toBe(404)
    } finally {
      await two.stop()
    }
  })
})
