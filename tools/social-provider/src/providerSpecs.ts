import { randomBytes, randomInt } from 'node:crypto'
import { splitName, usernameFor } from './identity.ts'
import type { SocialProviderId } from './types.ts'

/** Someone who signed in on the stand-in's page. */
export type StandInAccount = { sub: string; name: string; email: string }

export type ProfileRequest = {
  account: StandInAccount
  /** Scopes of the access token. */
  scopes: ReadonlySet<string>
  /** The profile request's URL (its query chooses fields at X and Facebook). */
  url: URL
  /** Where the stand-in serves this account's picture. */
  avatarUrl: string
}

export type JsonResponse = { status: number; body: unknown }

type Common = {
  id: SocialProviderId
  /** As the provider writes its name. */
  name: string
  /** Button colour of the sign-in page (white text on it reads at ≥ 4.5:1). */
  accent: string
  /** The scopes a client asks for. */
  scopes: readonly string[]
  /** What the sign-in page says each scope gives the app. */
  scopeDescriptions: Readonly<Record<string, string>>
  /** oidc-provider `clientAuthMethods` (X: Basic only; Apple: POST only, with its JWT secret). */
  clientAuthMethods: readonly ('client_secret_basic' | 'client_secret_post')[]
  newClientId(): string
  newClientSecret(): string
}

export type OidcProviderSpec = Common & {
  kind: 'oidc'
  /** oidc-provider `claims`: which claims each scope releases. */
  claims: Readonly<Record<string, readonly string[]>>
  accountClaims(account: StandInAccount, avatarUrl: string): Record<string, unknown>
}

export type OAuth2ProviderSpec = Common & {
  kind: 'oauth2'
  /** Profile endpoints under the provider's prefix. */
  profilePaths: readonly string[]
  /** Query the client's `userinfoEndpoint` carries (Facebook, X: the fields to return). */
  profileQuery: string
  profile(path: string, request: ProfileRequest): JsonResponse
  /** The provider's answer to a missing, unknown or expired access token. */
  unauthorized(): JsonResponse
}

export type ProviderSpec = OidcProviderSpec | OAuth2ProviderSpec

const alphanumeric = 'abcdefghijklmnopqrstuvwxyz0123456789'
const upperAlphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

function randomChars(length: number, alphabet: string): string {
  let out = ''
  for (let index = 0; index < length; index++) out += alphabet[randomInt(alphabet.length)]
  return out
}

function randomDigits(length: number): string {
  return `${randomInt(1, 10)}${randomChars(length - 1, '0123456789')}`
}

/** A team id or key id as Apple writes them: ten upper case letters and digits. */
export function newAppleIdentifier(): string {
  return randomChars(10, upperAlphanumeric)
}

const google: OidcProviderSpec = {
  id: 'google',
  kind: 'oidc',
  name: 'Google',
  accent: '#1a66d2',
  scopes: ['openid', 'email', 'profile'],
  scopeDescriptions: {
    openid: 'Your Google account ID',
    email: 'Your email address',
    profile: 'Your name and profile picture',
  },
  clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
  newClientId: () =>
    `${randomDigits(12)}-${randomChars(32, alphanumeric)}.apps.googleusercontent.com`,
  newClientSecret: () => `GOCSPX-${randomBytes(21).toString('base64url')}`,
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name', 'picture'],
  },
  accountClaims(account, avatarUrl) {
    const { firstName, lastName } = splitName(account.name)
    return {
      sub: account.sub,
      email: account.email,
      email_verified: true,
      name: account.name,
      given_name: firstName,
      family_name: lastName === '' ? undefined : lastName,
      picture: avatarUrl,
    }
  },
}

const apple: OidcProviderSpec = {
  id: 'apple',
  kind: 'oidc',
  name: 'Apple',
  accent: '#000000',
  scopes: ['openid', 'name', 'email'],
  scopeDescriptions: {
    openid: 'Your Apple user identifier',
    name: 'Your name (sent once, on your first sign-in to this app)',
    email: 'Your email address',
  },
  clientAuthMethods: ['client_secret_post'],
  newClientId: () => `dev.foyer.standin.${randomChars(8, alphanumeric)}`,
  newClientSecret: () => '',
  // Apple's id_token never carries the name: it comes once, in the form_post `user` field.
  claims: {
    openid: ['sub', 'nonce_supported'],
    email: ['email', 'email_verified', 'is_private_email'],
    name: [],
  },
  accountClaims(account) {
    return {
      sub: account.sub,
      nonce_supported: true,
      email: account.email,
      email_verified: true,
      is_private_email: account.email.toLowerCase().endsWith('@privaterelay.appleid.com'),
    }
  },
}

function selectFields(
  requested: readonly string[],
  available: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of requested) if (available[field] !== undefined) out[field] = available[field]
  return out
}

const github: OAuth2ProviderSpec = {
  id: 'github',
  kind: 'oauth2',
  name: 'GitHub',
  accent: '#24292f',
  scopes: ['read:user', 'user:email'],
  scopeDescriptions: {
    'read:user': 'Your profile: name, login and avatar',
    'user:email': 'Your email addresses',
  },
  clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
  newClientId: () => `Ov23li${randomBytes(7).toString('hex')}`,
  newClientSecret: () => randomBytes(20).toString('hex'),
  profilePaths: ['/user', '/user/emails'],
  profileQuery: '',
  profile(path, { account, scopes, avatarUrl }) {
    if (path === '/user/emails') {
      if (!scopes.has('user:email') && !scopes.has('user')) {
        return {
          status: 404,
          body: {
            message: 'Not Found',
            documentation_url:
              'https://docs.github.com/rest/users/emails#list-email-addresses-for-the-authenticated-user',
            status: '404',
          },
        }
      }
      return {
        status: 200,
        body: [{ email: account.email, primary: true, verified: true, visibility: 'public' }],
      }
    }
    return {
      status: 200,
      body: {
        login: usernameFor('github', account.email),
        id: Number(account.sub),
        avatar_url: avatarUrl,
        type: 'User',
        name: account.name,
        email: account.email,
      },
    }
  },
  unauthorized: () => ({
    status: 401,
    body: {
      message: 'Bad credentials',
      documentation_url: 'https://docs.github.com/rest',
      status: '401',
    },
  }),
}

const xUserFields = ['profile_image_url', 'verified', 'protected', 'description'] as const

const x: OAuth2ProviderSpec = {
  id: 'x',
  kind: 'oauth2',
  name: 'X',
  accent: '#000000',
  scopes: ['users.read', 'tweet.read'],
  scopeDescriptions: {
    'users.read': 'Your profile: name, username and picture',
    'tweet.read': 'Posts you can see',
  },
  clientAuthMethods: ['client_secret_basic'],
  newClientId: () => randomBytes(25).toString('base64url').slice(0, 34),
  newClientSecret: () => randomBytes(38).toString('base64url').slice(0, 50),
  profilePaths: ['/2/users/me'],
  // As at X, the picture comes only when asked for.
  profileQuery: '?user.fields=profile_image_url',
  profile(_path, { account, scopes, url, avatarUrl }) {
    if (!scopes.has('users.read') || !scopes.has('tweet.read')) {
      return {
        status: 403,
        body: {
          title: 'Forbidden',
          type: 'about:blank',
          status: 403,
          detail: 'Forbidden',
        },
      }
    }
    const requested = (url.searchParams.get('user.fields') ?? '')
      .split(',')
      .map((field) => field.trim())
      .filter((field) => field !== '')
    const unknown = requested.filter((field) => !(xUserFields as readonly string[]).includes(field))
    if (unknown.length > 0) {
      return {
        status: 400,
        body: {
          errors: [
            {
              parameters: { 'user.fields': unknown },
              message: `The \`user.fields\` query parameter value [${unknown[0]}] is not one of [${xUserFields.join(',')}]`,
            },
          ],
          title: 'Invalid Request',
          detail: 'One or more parameters to your request was invalid.',
          type: 'https://api.twitter.com/2/problems/invalid-request',
        },
      }
    }
    const extra = selectFields(requested, {
      profile_image_url: avatarUrl,
      verified: false,
      protected: false,
      description: '',
    })
    return {
      status: 200,
      body: {
        data: {
          id: account.sub,
          name: account.name,
          username: usernameFor('x', account.email),
          ...extra,
        },
      },
    }
  },
  unauthorized: () => ({
    status: 401,
    body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
  }),
}

const discord: OAuth2ProviderSpec = {
  id: 'discord',
  kind: 'oauth2',
  name: 'Discord',
  accent: '#4752c4',
  scopes: ['identify', 'email'],
  scopeDescriptions: {
    identify: 'Your username, avatar and banner',
    email: 'Your email address',
  },
  clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
  newClientId: () => randomDigits(19),
  newClientSecret: () => randomBytes(24).toString('base64url'),
  profilePaths: ['/api/users/@me'],
  profileQuery: '',
  profile(_path, { account, scopes }) {
    if (!scopes.has('identify')) {
      return { status: 401, body: { message: '401: Unauthorized', code: 0 } }
    }
    const email = scopes.has('email') ? { email: account.email, verified: true } : {}
    return {
      status: 200,
      body: {
        id: account.sub,
        username: usernameFor('discord', account.email),
        global_name: account.name,
        avatar: null,
        discriminator: '0',
        ...email,
      },
    }
  },
  unauthorized: () => ({ status: 401, body: { message: '401: Unauthorized', code: 0 } }),
}

const facebookFields = ['id', 'name', 'email', 'picture', 'first_name', 'last_name'] as const

function facebookError(message: string, code: number): JsonResponse {
  // The Graph API answers its OAuthException errors, a bad token (190) too, with HTTP 400.
  return {
    status: 400,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
  }
}

const facebook: OAuth2ProviderSpec = {
  id: 'facebook',
  kind: 'oauth2',
  name: 'Facebook',
  accent: '#0b5fcc',
  scopes: ['email', 'public_profile'],
  scopeDescriptions: {
    public_profile: 'Your name and profile picture',
    email: 'Your email address',
  },
  clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
  newClientId: () => randomDigits(16),
  newClientSecret: () => randomBytes(16).toString('hex'),
  profilePaths: ['/me'],
  profileQuery: '?fields=id,name,email,picture',
  profile(_path, { account, scopes, url, avatarUrl }) {
    const fields = (url.searchParams.get('fields') ?? 'id,name')
      .split(',')
      .map((field) => field.trim())
      .filter((field) => field !== '')
    const unknown = fields.find((field) => !(facebookFields as readonly string[]).includes(field))
    if (unknown !== undefined) {
      return facebookError(
        `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`,
        100,
      )
    }
    const { firstName, lastName } = splitName(account.name)
    const available = {
      id: account.sub,
      name: account.name,
      // Without the email permission the field is left out, as the Graph API does.
      email: scopes.has('email') ? account.email : undefined,
      picture: { data: { height: 50, is_silhouette: false, url: avatarUrl, width: 50 } },
      first_name: firstName,
      last_name: lastName,
    }
    // The Graph API always answers with the id.
    return { status: 200, body: selectFields([...new Set([...fields, 'id'])], available) }
  },
  unauthorized: () => facebookError('Invalid OAuth access token - Cannot parse access token', 190),
}

export const providerSpecs: Readonly<Record<SocialProviderId, ProviderSpec>> = {
  google,
  apple,
  github,
  x,
  discord,
  facebook,
}
