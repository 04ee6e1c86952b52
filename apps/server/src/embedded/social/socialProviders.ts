import * as v from 'valibot'
import { ConfigError } from '../../errors.ts'

export const socialProviderIds = ['google', 'x', 'discord', 'apple', 'github', 'facebook'] as const
export type SocialProviderId = (typeof socialProviderIds)[number]

/** What a provider says about the visitor, reduced to what Foyer keeps. */
export type SocialProfile = {
  /** The provider's stable user id. */
  subject: string
  /** Only an address the provider says is verified. */
  email?: string | undefined
  name?: string | undefined
  username?: string | undefined
}

type Defaults = {
  name: string
  /** OpenID Connect (discovery, id token with nonce) or plain OAuth 2.0 with a profile endpoint. */
  kind: 'oidc' | 'oauth2'
  issuer: string
  authorizationUrl?: string
  tokenUrl?: string
  userinfoUrl?: string
  scopes: readonly string[]
  /** How the token endpoint authenticates the client. */
  tokenAuth: 'client_secret_post' | 'client_secret_basic'
  /** Extra authorization parameters (Apple returns by form POST when name or email is asked). */
  authorizationParameters?: Record<string, string>
  /** Reads the id token's claims (OIDC) or the profile endpoint's JSON (OAuth 2.0). */
  profile: (data: unknown, extra: { user?: string | undefined }) => SocialProfile
}

const text = v.pipe(v.string(), v.trim(), v.maxLength(320))
const optionalText = v.optional(v.nullable(text))
const id = v.union([
  v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  v.pipe(v.number(), v.integer(), v.transform(String)),
])
const defined = (value: string | null | undefined) => value || undefined

const oidcClaims = v.object({
  sub: id,
  email: optionalText,
  email_verified: v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])])),
  name: optionalText,
})
const verifiedEmail = (claims: v.InferOutput<typeof oidcClaims>) =>
  claims.email_verified === true || claims.email_verified === 'true'
    ? defined(claims.email)
    : undefined

/** Apple sends the name once, in the first authorization's `user` form field. */
const appleUser = v.object({
  name: v.optional(v.object({ firstName: optionalText, lastName: optionalText })),
})
function appleName(user: string | undefined): string | undefined {
  if (!user) return undefined
  try {
    const parsed = v.safeParse(appleUser, JSON.parse(user))
    if (!parsed.success || !parsed.output.name) return undefined
    const { firstName, lastName } = parsed.output.name
    return [firstName, lastName].filter(Boolean).join(' ') || undefined
  } catch {
    return undefined
  }
}

/** Production endpoints and claim shapes; every URL can be replaced by the environment. */
export const socialProviderDefaults: Record<SocialProviderId, Defaults> = {
  google: {
    name: 'Google',
    kind: 'oidc',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
    tokenAuth: 'client_secret_post',
    profile: (data) => {
      const claims = v.parse(oidcClaims, data)
      return { subject: claims.sub, email: verifiedEmail(claims), name: defined(claims.name) }
    },
  },
  apple: {
    name: 'Apple',
    kind: 'oidc',
    issuer: 'https://appleid.apple.com',
    scopes: ['openid', 'name', 'email'],
    tokenAuth: 'client_secret_post',
    authorizationParameters: { response_mode: 'form_post' },
    profile: (data, { user }) => {
      const claims = v.parse(oidcClaims, data)
      return { subject: claims.sub, email: verifiedEmail(claims), name: appleName(user) }
    },
  },
  github: {
    name: 'GitHub',
    kind: 'oauth2',
    issuer: 'https://github.com',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    tokenAuth: 'client_secret_post',
    profile: (data) => {
      const user = v.parse(
        v.object({ id, login: text, name: optionalText, email: optionalText }),
        data,
      )
      // GitHub's public profile email is one the user verified to show it.
      return {
        subject: user.id,
        email: defined(user.email),
        name: defined(user.name),
        username: user.login,
      }
    },
  },
  x: {
    name: 'X',
    kind: 'oauth2',
    issuer: 'https://x.com',
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    tokenAuth: 'client_secret_basic',
    profile: (data) => {
      const { data: user } = v.parse(
        v.object({ data: v.object({ id, name: optionalText, username: text }) }),
        data,
      )
      return { subject: user.id, name: defined(user.name), username: user.username }
    },
  },
  discord: {
    name: 'Discord',
    kind: 'oauth2',
    issuer: 'https://discord.com',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    tokenAuth: 'client_secret_post',
    profile: (data) => {
      const user = v.parse(
        v.object({
          id,
          username: text,
          global_name: optionalText,
          email: optionalText,
          verified: v.optional(v.nullable(v.boolean())),
        }),
        data,
      )
      return {
        subject: user.id,
        email: user.verified === true ? defined(user.email) : undefined,
        name: defined(user.global_name),
        username: user.username,
      }
    },
  },
  facebook: {
    name: 'Facebook',
    kind: 'oauth2',
    issuer: 'https://www.facebook.com',
    authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    scopes: ['email', 'public_profile'],
    tokenAuth: 'client_secret_post',
    profile: (data) => {
      const user = v.parse(v.object({ id, name: optionalText, email: optionalText }), data)
      // Facebook returns only a confirmed email.
      return { subject: user.id, email: defined(user.email), name: defined(user.name) }
    },
  },
}

/** One configured provider: the defaults with the operator's client and any replaced URL. */
export type SocialProviderConfig = Omit<Defaults, 'profile'> & {
  id: SocialProviderId
  clientId: string
  /** Absent for Apple, whose client secret is a JWT signed with `apple`'s key. */
  clientSecret?: string | undefined
  apple?: { teamId: string; keyId: string; privateKeyPem: string } | undefined
  profile: Defaults['profile']
}

/**
 * The providers the operator configured: `FOYER_SOCIAL_<P>_CLIENT_ID` and `_CLIENT_SECRET` (Apple:
 * `_TEAM_ID`, `_KEY_ID`, `_PRIVATE_KEY` instead of the secret), optionally `_ISSUER`,
 * `_AUTHORIZATION_URL`, `_TOKEN_URL`, `_USERINFO_URL` to replace the production endpoints. A
 * provider without a client id is not offered.
 */
export function readSocialProviders(
  env: Record<string, string | undefined>,
): SocialProviderConfig[] {
  const configs: SocialProviderConfig[] = []
  for (const id of socialProviderIds) {
    const prefix = `FOYER_SOCIAL_${id.toUpperCase()}_`
    const read = (name: string) => env[prefix + name]?.trim() || undefined
    const clientId = read('CLIENT_ID')
    if (!clientId) continue
    const defaults = socialProviderDefaults[id]
    const url = (name: string, fallback: string | undefined) => {
      const value = read(name) ?? fallback
      if (value === undefined) return undefined
      let parsed: URL
      try {
        parsed = new URL(value)
      } catch {
        throw new ConfigError(`${prefix}${name} must be a URL, got "${value}"`)
      }
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)
      if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback))
        throw new ConfigError(`${prefix}${name} must be an https URL (http only on loopback)`)
      return value
    }
    const config: SocialProviderConfig = {
      ...defaults,
      id,
      clientId,
      issuer: url('ISSUER', defaults.issuer)!,
      authorizationUrl: url('AUTHORIZATION_URL', defaults.authorizationUrl),
      tokenUrl: url('TOKEN_URL', defaults.tokenUrl),
      userinfoUrl: url('USERINFO_URL', defaults.userinfoUrl),
    }
    if (id === 'apple') {
      const teamId = read('TEAM_ID')
      const keyId = read('KEY_ID')
      const privateKeyPem = read('PRIVATE_KEY')?.replaceAll('\\n', '\n')
      if (!teamId || !keyId || !privateKeyPem)
        throw new ConfigError(
          `${prefix}CLIENT_ID is set: also set ${prefix}TEAM_ID, ${prefix}KEY_ID and ${prefix}PRIVATE_KEY (the .p8 key)`,
        )
      config.apple = { teamId, keyId, privateKeyPem }
    } else {
      const clientSecret = read('CLIENT_SECRET')
      if (!clientSecret)
        throw new ConfigError(`${prefix}CLIENT_ID is set: also set ${prefix}CLIENT_SECRET`)
      config.clientSecret = clientSecret
    }
    configs.push(config)
  }
  return configs
}
