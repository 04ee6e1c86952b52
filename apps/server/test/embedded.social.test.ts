import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AuthApi, AuthApiError, createHttpAuthApi } from '@foyer/frame'
import { type SocialProviders, startSocialProviders } from '@foyer/social-provider'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createEmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { readSocialProviders } from '../src/embedded/social/socialProviders.ts'
import { createServer } from '../src/http/createServer.ts'
import { upsertProject } from '../src/projects/projects.ts'
import { createCookieJar } from './support/embeddedClient.ts'
import { freePort } from './support/freePort.ts'
import { createSocialBrowser } from './support/socialBrowser.ts'

const projectId = 'social-app'
const appOrigin = 'http://app.test:3000'
const providers = ['google', 'apple', 'github', 'x', 'discord', 'facebook'] as const

let database: FoyerDatabase
let server: FastifyInstance
let social: SocialProviders
let frameUrl: string
let dataDir: string

beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' })
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-social-test-'))
  const framePort = await freePort()
  social = await startSocialProviders({
    port: 0,
    redirectUris: [`http://127.0.0.1:${framePort}/v1/embedded/social/callback`],
  })
  server = await createServer({
    database,
    dev: true,
    logger: false,
    indexer: { enabled: false },
    rateLimit: false,
    chains: [],
  })
  const embedded = await createEmbeddedWallet({
    server,
    dev: true,
    dataDir,
    host: '127.0.0.1',
    framePort,
    rateLimit: false,
    logger: false,
    // Every provider but Facebook: an unconfigured one must not be offered.
    socialProviders: readSocialProviders(social.serverEnv()).filter((p) => p.id !== 'facebook'),
  })
  frameUrl = await embedded!.listen()
  await server.ready()
  await upsertProject({
    db: database.db,
    id: projectId,
    name: 'Social app',
    allowedOrigins: [appOrigin],
  })
}, 60_000)

afterAll(async () => {
  await server?.close()
  await social?.stop()
  await database?.destroy()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** One browser profile on the app: the frame's cookie jar and device. */
function profile() {
  const jar = createCookieJar()
  return {
    jar,
    deviceId: `device-${crypto.randomUUID()}`,
    api: createHttpAuthApi({ baseUrl: frameUrl, projectId, fetch: jar.fetch }) as AuthApi,
  }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => {
      if (!(error instanceof AuthApiError)) throw error
      return error
    },
  )

async function socialLogin(
  provider: (typeof providers)[number],
  person: { name: string; email: string },
  visitor = profile(),
  app?: { name?: string; themeMode?: 'light' | 'dark' | 'system' },
) {
  const { uri } = await visitor.api.startSocialLogin({
    provider,
    deviceId: visitor.deviceId,
    appOrigin,
    ...(app ? { app } : {}),
  })
  const result = await createSocialBrowser().signIn(uri, person)
  const { user } = await visitor.api.completeSocialLogin({
    resultUri: result.resultUri,
    deviceId: visitor.deviceId,
  })
  return { user, visitor, result }
}

const identities = () =>
  database.db.selectFrom('embedded_identities').select(['provider', 'subject']).execute()

describe('social login against a real OpenID provider', () => {
  it.each(providers.filter((provider) => provider !== 'facebook'))(
    'logs in with %s, and the same identity gets the same account on a new device',
    async (provider) => {
      const person = { name: `Ada ${provider}`, email: `ada.${provider}@example.com` }
      const first = await socialLogin(provider, person)
      expect(first.result.appOrigin).toBe(appOrigin)
      expect(first.user.socialProvider).toBe(provider)
      // Apple sends the name on the first authorization only; X gives no email.
      expect(first.user.userName).toBe(person.name)
      expect(first.user.email).toBeUndefined()
      expect(await first.visitor.api.getSession()).toEqual({ user: first.user })

      const again = await socialLogin(provider, person)
      expect(again.user.userId).toBe(first.user.userId)
      const other = await socialLogin(provider, {
        name: 'Bob',
        email: `bob.${provider}@example.com`,
      })
      expect(other.user.userId).not.toBe(first.user.userId)
    },
  )

  it('offers only the providers the server has (and farcaster only with a relay)', async () => {
    const response = await server.inject({
      url: `/appkit/v1/config?projectId=${projectId}&st=foyer&sv=foyer-test`,
      headers: { origin: appOrigin },
    })
    expect(response.json().features.socials).toEqual(['google', 'x', 'discord', 'apple', 'github'])
    const visitor = profile()
    const refused = await failure(
      visitor.api.startSocialLogin({ provider: 'facebook', deviceId: visitor.deviceId, appOrigin }),
    )
    expect([refused.status, refused.shortMessage]).toEqual([
      404,
      'Login with facebook is not configured on this server',
    ])
    const farcaster = await failure(
      visitor.api.startFarcasterLogin({ deviceId: visitor.deviceId, appOrigin }),
    )
    expect([farcaster.status, farcaster.shortMessage]).toEqual([
      404,
      'Failed to connect to farcaster',
    ])
  })

  it('hands the result only to an app origin the project allows', async () => {
    const visitor = profile()
    const refused = await failure(
      visitor.api.startSocialLogin({
        provider: 'google',
        deviceId: visitor.deviceId,
        appOrigin: 'https://evil.test',
      }),
    )
    expect([refused.status, refused.shortMessage]).toEqual([
      403,
      'Unauthorized: origin not allowed',
    ])
  })

  it("refuses a denied consent with the provider's text and stores nothing", async () => {
    const before = (await identities()).length
    const visitor = profile()
    const { uri } = await visitor.api.startSocialLogin({
      provider: 'github',
      deviceId: visitor.deviceId,
      appOrigin,
    })
    const result = await createSocialBrowser().signIn(
      uri,
      { name: 'Eve', email: 'eve@example.com' },
      'cancel',
    )
    expect(new URL(result.resultUri).searchParams.get('error')).toBe('access_denied')
    const denied = await failure(
      visitor.api.completeSocialLogin({ resultUri: result.resultUri, deviceId: visitor.deviceId }),
    )
    expect([denied.status, denied.shortMessage]).toEqual([400, 'The user denied the request'])
    expect((await identities()).length).toBe(before)
    expect(await visitor.api.getSession()).toEqual({ user: null })
  })

  it('refuses a replayed state, a result completed by another device, and a forged result URI', async () => {
    const { visitor, result } = await socialLogin('google', {
      name: 'Grace',
      email: 'grace@example.com',
    })
    // The same result again (a replayed state): the login was single use.
    const replayed = await failure(
      visitor.api.completeSocialLogin({ resultUri: result.resultUri, deviceId: visitor.deviceId }),
    )
    expect(replayed.shortMessage).toBe('This sign-in has expired or was already used. Start again.')

    // An attacker who got hold of a visitor's fresh result cannot complete it on their device.
    const victim = profile()
    const { uri } = await victim.api.startSocialLogin({
      provider: 'google',
      deviceId: victim.deviceId,
      appOrigin,
    })
    const stolen = await createSocialBrowser().signIn(uri, {
      name: 'Vic',
      email: 'vic@example.com',
    })
    const attacker = profile()
    const theft = await failure(
      attacker.api.completeSocialLogin({
        resultUri: stolen.resultUri,
        deviceId: attacker.deviceId,
      }),
    )
    expect(theft.status).toBe(400)
    expect(await attacker.api.getSession()).toEqual({ user: null })
    // The visitor's own device still completes it.
    const { user } = await victim.api.completeSocialLogin({
      resultUri: stolen.resultUri,
      deviceId: victim.deviceId,
    })
    expect(user.userName).toBe('Vic')

    // A result URI of another origin than the frame's is not a result.
    const forged = new URL(stolen.resultUri)
    const elsewhere = `https://evil.test${forged.pathname}${forged.search}`
    const refused = await failure(
      victim.api.completeSocialLogin({ resultUri: elsewhere, deviceId: victim.deviceId }),
    )
    expect(refused.shortMessage).toBe('Failed to connect')
  })

  it('refuses an id token whose nonce is not the login’s own', async () => {
    const visitor = profile()
    const { uri } = await visitor.api.startSocialLogin({
      provider: 'google',
      deviceId: visitor.deviceId,
      appOrigin,
    })
    // The provider answers for this login, but the login expected another nonce (a token minted
    // for another login): openid-client's check refuses it.
    const state = new URL(uri).searchParams.get('state')!
    const rows = await database.db.selectFrom('embedded_login_flows').selectAll().execute()
    const flow = rows.find((row) => row.consumed_at === null && row.provider === 'google')!
    await database.db
      .updateTable('embedded_login_flows')
      .set({ secrets: JSON.stringify({ ...flow.secrets, nonce: 'another-login-nonce' }) })
      .where('state_hash', '=', flow.state_hash)
      .execute()
    const result = await createSocialBrowser().signIn(uri, {
      name: 'Nonce',
      email: 'n@example.com',
    })
    expect(new URL(result.resultUri).searchParams.get('state')).toBe(state)
    const refused = await failure(
      visitor.api.completeSocialLogin({ resultUri: result.resultUri, deviceId: visitor.deviceId }),
    )
    expect(refused.shortMessage).toBe('Failed to connect')
    expect(await visitor.api.getSession()).toEqual({ user: null })
  })

  it('answers an unknown or used state on the callback with a page that posts nothing', async () => {
    const response = await fetch(`${frameUrl}/v1/embedded/social/callback?state=forged&code=x`)
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('This sign-in link is invalid or has expired')
    expect(html).not.toContain('foyer-social-result')
    // No inline script, only the page's own style (by its hash).
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; script-src 'self'; style-src 'sha256-[A-Za-z0-9+/=]+'$/,
    )
  })

  it("names the app beside its origin on the popup's last page, as text, in the app's mode (issue 22)", async () => {
    const styleOf = (page: { html: string; contentSecurityPolicy: string | null }) => {
      const css = /<style>(.*?)<\/style>/s.exec(page.html)![1]!
      const hash = createHash('sha256').update(css).digest('base64')
      return { css, allowed: page.contentSecurityPolicy!.includes(`'sha256-${hash}'`) }
    }
    const light = await socialLogin(
      'google',
      { name: 'Lin', email: 'lin@example.com' },
      profile(),
      {
        name: '<script>alert(1)</script>Shop\u202E',
        themeMode: 'light',
      },
    )
    const { html } = light.result.page
    expect(html).toContain(
      `<h1>Signing in to &lt;script&gt;alert(1)&lt;/script&gt;Shop (${appOrigin})…</h1>`,
    )
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('\u202E')
    const lightStyle = styleOf(light.result.page)
    expect(lightStyle.allowed).toBe(true)
    expect(lightStyle.css).toContain('color-scheme:light}')
    expect(lightStyle.css).not.toContain('#111114')
    // The login itself is unchanged by it.
    expect(light.user.userName).toBe('Lin')

    const dark = await socialLogin('github', { name: 'Kim', email: 'kim@example.com' }, profile(), {
      themeMode: 'dark',
    })
    expect(dark.result.page.html).toContain(`<h1>Signing in to ${appOrigin}…</h1>`)
    const darkStyle = styleOf(dark.result.page)
    expect([darkStyle.allowed, darkStyle.css.includes('color-scheme:dark')]).toEqual([true, true])

    const system = await socialLogin('discord', { name: 'Ola', email: 'ola@example.com' })
    expect(styleOf(system.result.page).css).toContain('@media (prefers-color-scheme:dark){')
  })
})
