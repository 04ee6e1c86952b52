import { describe, expect, it } from 'vitest'
import { readSocialProviders, socialProviderDefaults } from './socialProviders.ts'

const pem = '-----BEGIN PRIVATE KEY-----\\nMIGT\\n-----END PRIVATE KEY-----'

describe('social providers an operator configures', () => {
  it('offers only providers with a client id, with their production endpoints', () => {
    expect(readSocialProviders({})).toEqual([])
    const [github, ...rest] = readSocialProviders({
      FOYER_SOCIAL_GITHUB_CLIENT_ID: ' gh-client ',
      FOYER_SOCIAL_GITHUB_CLIENT_SECRET: ' gh-secret ',
      FOYER_SOCIAL_GOOGLE_CLIENT_ID: '   ',
      FOYER_SOCIAL_GOOGLE_CLIENT_SECRET: 'unused',
    })
    expect(rest).toEqual([])
    expect(github).toMatchObject({
      id: 'github',
      name: 'GitHub',
      kind: 'oauth2',
      clientId: 'gh-client',
      clientSecret: 'gh-secret',
      issuer: 'https://github.com',
      authorizationUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      userinfoUrl: 'https://api.github.com/user',
      scopes: ['read:user', 'user:email'],
      tokenAuth: 'client_secret_post',
    })
    expect(github?.apple).toBeUndefined()
  })

  it('lists configured providers in a fixed order, whatever the environment order', () => {
    const env: Record<string, string> = {}
    for (const id of ['facebook', 'github', 'apple', 'discord', 'x', 'google']) {
      const prefix = `FOYER_SOCIAL_${id.toUpperCase()}_`
      env[`${prefix}CLIENT_ID`] = `${id}-id`
      env[`${prefix}CLIENT_SECRET`] = `${id}-secret`
    }
    Object.assign(env, {
      FOYER_SOCIAL_APPLE_TEAM_ID: 'TEAM',
      FOYER_SOCIAL_APPLE_KEY_ID: 'KEY',
      FOYER_SOCIAL_APPLE_PRIVATE_KEY: pem,
    })
    expect(readSocialProviders(env).map((provider) => provider.id)).toEqual([
      'google',
      'x',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
  })

  it('replaces any endpoint from the environment, http only on loopback', () => {
    const [google] = readSocialProviders({
      FOYER_SOCIAL_GOOGLE_CLIENT_ID: 'id',
      FOYER_SOCIAL_GOOGLE_CLIENT_SECRET: 'secret',
      FOYER_SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:4000/google',
    })
    expect(google).toMatchObject({
      kind: 'oidc',
      issuer: 'http://127.0.0.1:4000/google',
      authorizationUrl: undefined,
      tokenUrl: undefined,
      userinfoUrl: undefined,
    })
    for (const host of ['localhost:4000', '[::1]:4000'])
      expect(
        readSocialProviders({
          FOYER_SOCIAL_X_CLIENT_ID: 'id',
          FOYER_SOCIAL_X_CLIENT_SECRET: 'secret',
          FOYER_SOCIAL_X_TOKEN_URL: `http://${host}/token`,
          FOYER_SOCIAL_X_USERINFO_URL: 'https://api.example.com/me',
          FOYER_SOCIAL_X_AUTHORIZATION_URL: 'https://example.com/authorize',
        })[0],
      ).toMatchObject({
        tokenUrl: `http://${host}/token`,
        userinfoUrl: 'https://api.example.com/me',
        authorizationUrl: 'https://example.com/authorize',
        tokenAuth: 'client_secret_basic',
      })
  })

  it('refuses a malformed or non-https endpoint, naming the variable', () => {
    const base = { FOYER_SOCIAL_DISCORD_CLIENT_ID: 'id', FOYER_SOCIAL_DISCORD_CLIENT_SECRET: 's' }
    expect(() =>
      readSocialProviders({ ...base, FOYER_SOCIAL_DISCORD_TOKEN_URL: 'not a url' }),
    ).toThrow('FOYER_SOCIAL_DISCORD_TOKEN_URL must be a URL, got "not a url"')
    for (const url of ['http://discord.example.com/token', 'ftp://127.0.0.1/token'])
      expect(() => readSocialProviders({ ...base, FOYER_SOCIAL_DISCORD_TOKEN_URL: url })).toThrow(
        'FOYER_SOCIAL_DISCORD_TOKEN_URL must be an https URL (http only on loopback)',
      )
    expect(() =>
      readSocialProviders({ ...base, FOYER_SOCIAL_DISCORD_ISSUER: 'http://10.0.0.1' }),
    ).toThrow(expect.objectContaining({ name: 'ConfigError' }))
  })

  it('asks for the client secret of a provider with a client id', () => {
    expect(() => readSocialProviders({ FOYER_SOCIAL_FACEBOOK_CLIENT_ID: 'id' })).toThrow(
      'FOYER_SOCIAL_FACEBOOK_CLIENT_ID is set: also set FOYER_SOCIAL_FACEBOOK_CLIENT_SECRET',
    )
  })

  it("signs Apple's client secret with the team's key instead of a secret", () => {
    const [apple] = readSocialProviders({
      FOYER_SOCIAL_APPLE_CLIENT_ID: 'com.example.web',
      FOYER_SOCIAL_APPLE_TEAM_ID: ' TEAM123 ',
      FOYER_SOCIAL_APPLE_KEY_ID: 'KEY456',
      FOYER_SOCIAL_APPLE_PRIVATE_KEY: pem,
    })
    expect(apple).toMatchObject({
      id: 'apple',
      issuer: 'https://appleid.apple.com',
      authorizationParameters: { response_mode: 'form_post' },
      apple: {
        teamId: 'TEAM123',
        keyId: 'KEY456',
        privateKeyPem: '-----BEGIN PRIVATE KEY-----\nMIGT\n-----END PRIVATE KEY-----',
      },
    })
    expect(apple?.clientSecret).toBeUndefined()
    for (const missing of ['TEAM_ID', 'KEY_ID', 'PRIVATE_KEY']) {
      const env: Record<string, string> = {
        FOYER_SOCIAL_APPLE_CLIENT_ID: 'com.example.web',
        FOYER_SOCIAL_APPLE_TEAM_ID: 'TEAM123',
        FOYER_SOCIAL_APPLE_KEY_ID: 'KEY456',
        FOYER_SOCIAL_APPLE_PRIVATE_KEY: pem,
      }
      delete env[`FOYER_SOCIAL_APPLE_${missing}`]
      expect(() => readSocialProviders(env), missing).toThrow(
        'FOYER_SOCIAL_APPLE_CLIENT_ID is set: also set FOYER_SOCIAL_APPLE_TEAM_ID, FOYER_SOCIAL_APPLE_KEY_ID and FOYER_SOCIAL_APPLE_PRIVATE_KEY (the .p8 key)',
      )
    }
  })

  it('asks each provider for its scopes and authenticates as it expects', () => {
    const summary = Object.fromEntries(
      Object.entries(socialProviderDefaults).map(([id, provider]) => [
        id,
        [provider.kind, provider.scopes.join(' '), provider.tokenAuth],
      ]),
    )
    expect(summary).toEqual({
      google: ['oidc', 'openid email profile', 'client_secret_post'],
      apple: ['oidc', 'openid name email', 'client_secret_post'],
      github: ['oauth2', 'read:user user:email', 'client_secret_post'],
      x: ['oauth2', 'users.read tweet.read', 'client_secret_basic'],
      discord: ['oauth2', 'identify email', 'client_secret_post'],
      facebook: ['oauth2', 'email public_profile', 'client_secret_post'],
    })
    expect(socialProviderDefaults.x).toMatchObject({
      name: 'X',
      issuer: 'https://x.com',
      authorizationUrl: 'https://x.com/i/oauth2/authorize',
      tokenUrl: 'https://api.x.com/2/oauth2/token',
      userinfoUrl: 'https://api.x.com/2/users/me',
    })
    expect(socialProviderDefaults.discord).toMatchObject({
      name: 'Discord',
      issuer: 'https://discord.com',
      authorizationUrl: 'https://discord.com/oauth2/authorize',
      tokenUrl: 'https://discord.com/api/oauth2/token',
      userinfoUrl: 'https://discord.com/api/users/@me',
    })
    expect(socialProviderDefaults.facebook).toMatchObject({
      name: 'Facebook',
      issuer: 'https://www.facebook.com',
      authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    })
    expect(socialProviderDefaults.google).toMatchObject({
      name: 'Google',
      issuer: 'https://accounts.google.com',
    })
    expect(socialProviderDefaults.apple.name).toBe('Apple')
  })
})

describe('what a provider says about the visitor', () => {
  const { google, apple, github, x, discord, facebook } = socialProviderDefaults
  const none = {}

  it('keeps an OpenID email only when the provider says it is verified', () => {
    const claims = { sub: 'g-1', email: 'a@example.com', name: ' Ada Lovelace ' }
    expect(google.profile({ ...claims, email_verified: true }, none)).toEqual({
      subject: 'g-1',
      email: 'a@example.com',
      name: 'Ada Lovelace',
    })
    expect(google.profile({ ...claims, email_verified: 'true' }, none).email).toBe('a@example.com')
    for (const email_verified of [false, 'false', undefined])
      expect(google.profile({ ...claims, email_verified }, none).email).toBeUndefined()
    expect(google.profile({ sub: 42, name: '', email: null, email_verified: true }, none)).toEqual({
      subject: '42',
      email: undefined,
      name: undefined,
    })
  })

  it('refuses an id token without a usable subject', () => {
    for (const sub of [undefined, '', 1.5, 'x'.repeat(256)])
      expect(() => google.profile({ sub }, none), String(sub)).toThrow()
    expect(() => google.profile({ sub: 's', email: 'e'.repeat(321) }, none)).toThrow()
    expect(() => google.profile({ sub: 's', email_verified: 'yes' }, none)).toThrow()
  })

  it("reads Apple's name from the first login's user field only", () => {
    const claims = {
      sub: 'apple-1',
      email: 'relay@privaterelay.appleid.com',
      email_verified: 'true',
    }
    const user = JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' } })
    expect(apple.profile(claims, { user })).toEqual({
      subject: 'apple-1',
      email: 'relay@privaterelay.appleid.com',
      name: 'Ada Lovelace',
    })
    expect(
      apple.profile(claims, { user: JSON.stringify({ name: { firstName: 'Ada' } }) }).name,
    ).toBe('Ada')
    for (const other of [
      undefined,
      '',
      'not json',
      JSON.stringify({}),
      JSON.stringify({ name: {} }),
      JSON.stringify({ name: { firstName: '', lastName: null } }),
      JSON.stringify({ name: 'Ada' }),
      JSON.stringify({ name: { firstName: 'Ada', lastName: 5 } }),
    ])
      expect(apple.profile(claims, { user: other }).name, String(other)).toBeUndefined()
  })

  it('reads GitHub, X, Discord and Facebook profiles', () => {
    expect(
      github.profile({ id: 1, login: 'ada', name: 'Ada', email: 'ada@example.com' }, none),
    ).toEqual({ subject: '1', email: 'ada@example.com', name: 'Ada', username: 'ada' })
    expect(github.profile({ id: 1, login: 'ada', name: null, email: null }, none)).toEqual({
      subject: '1',
      email: undefined,
      name: undefined,
      username: 'ada',
    })
    expect(x.profile({ data: { id: '7', name: 'Ada', username: 'ada' } }, none)).toEqual({
      subject: '7',
      name: 'Ada',
      username: 'ada',
    })
    expect(() => x.profile({ id: '7', username: 'ada' }, none)).toThrow()
    const discordUser = { id: '9', username: 'ada', global_name: 'Ada', email: 'ada@example.com' }
    expect(discord.profile({ ...discordUser, verified: true }, none)).toEqual({
      subject: '9',
      email: 'ada@example.com',
      name: 'Ada',
      username: 'ada',
    })
    for (const verified of [false, null, undefined])
      expect(discord.profile({ ...discordUser, verified }, none).email).toBeUndefined()
    expect(facebook.profile({ id: '11', name: 'Ada', email: 'ada@example.com' }, none)).toEqual({
      subject: '11',
      email: 'ada@example.com',
      name: 'Ada',
    })
    expect(facebook.profile({ id: '11' }, none)).toEqual({
      subject: '11',
      email: undefined,
      name: undefined,
    })
  })
})
