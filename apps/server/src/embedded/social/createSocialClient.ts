import { importPKCS8, SignJWT } from 'jose'
import * as oauth from 'openid-client'
import type { SocialProfile, SocialProviderConfig } from './socialProviders.ts'

/** What a started login keeps server-side until its result comes back. */
export type SocialFlowSecrets = {
  codeVerifier: string
  /** OpenID Connect providers: the nonce the id token must carry. */
  nonce?: string | undefined
  redirectUri: string
}

export type SocialClient = {
  /** The provider's authorization URL for a new login, and what completing it needs. */
  start: (parameters: {
    redirectUri: string
    state: string
  }) => Promise<{ url: string; secrets: SocialFlowSecrets }>
  /**
   * Exchanges the result's code (checking `state`, PKCE and the id token's nonce and signature)
   * and reads the visitor's profile.
   */
  complete: (parameters: {
    resultUri: URL
    state: string
    secrets: SocialFlowSecrets
  }) => Promise<SocialProfile>
}

const isHttp = (url: string) => url.startsWith('http:')

/**
 * An OAuth 2.0 / OpenID Connect client of one provider on `openid-client`. OpenID providers are
 * discovered once (on first use); OAuth 2.0 providers use their configured endpoints.
 */
export function createSocialClient(provider: SocialProviderConfig): SocialClient {
  let metadata: Promise<oauth.ServerMetadata> | undefined
  const serverMetadata = () => {
    metadata ??= (async () => {
      if (provider.kind === 'oauth2')
        return {
          issuer: provider.issuer,
          authorization_endpoint: provider.authorizationUrl!,
          token_endpoint: provider.tokenUrl!,
        }
      const discovered = await oauth.discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        undefined,
        isHttp(provider.issuer) ? { execute: [oauth.allowInsecureRequests] } : undefined,
      )
      return discovered.serverMetadata()
    })().catch((error: unknown) => {
      metadata = undefined // try discovery again on the next login
      throw error
    })
    return metadata
  }

  /** Apple authenticates the client with a short ES256 JWT signed by the app's key. */
  const appleClientSecret = async () => {
    const apple = provider.apple!
    const key = await importPKCS8(apple.privateKeyPem, 'ES256')
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
      .setIssuer(apple.teamId)
      .setSubject(provider.clientId)
      .setAudience(provider.issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key)
  }

  const configuration = async () => {
    const server = await serverMetadata()
    const secret = provider.apple ? await appleClientSecret() : provider.clientSecret
    const auth =
      provider.tokenAuth === 'client_secret_basic'
        ? oauth.ClientSecretBasic(secret)
        : oauth.ClientSecretPost(secret)
    const config = new oauth.Configuration(server, provider.clientId, undefined, auth)
    const endpoints = [server.issuer, server.token_endpoint ?? '', provider.userinfoUrl ?? '']
    if (endpoints.some(isHttp)) oauth.allowInsecureRequests(config)
    return config
  }

  return {
    async start({ redirectUri, state }) {
      const config = await configuration()
      const codeVerifier = oauth.randomPKCECodeVerifier()
      const nonce = provider.kind === 'oidc' ? oauth.randomNonce() : undefined
      const url = oauth.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: provider.scopes.join(' '),
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        ...(nonce ? { nonce } : {}),
        ...provider.authorizationParameters,
      })
      return { url: url.href, secrets: { codeVerifier, nonce, redirectUri } }
    },

    async complete({ resultUri, state, secrets }) {
      // The token request names the URI the result arrived at: it must be the one this login used.
      if (`${resultUri.origin}${resultUri.pathname}` !== secrets.redirectUri)
        throw new Error('The result did not arrive at the redirect URI of this login')
      const config = await configuration()
      const tokens = await oauth.authorizationCodeGrant(config, resultUri, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: state,
        ...(provider.kind === 'oidc'
          ? { expectedNonce: secrets.nonce, idTokenExpected: true }
          : {}),
      })
      const user = resultUri.searchParams.get('user') ?? undefined
      if (provider.kind === 'oidc') return provider.profile(tokens.claims(), { user })
      const response = await oauth.fetchProtectedResource(
        config,
        tokens.access_token,
        new URL(provider.userinfoUrl!),
        'GET',
        undefined,
        new Headers({ accept: 'application/json' }),
      )
      if (!response.ok)
        throw new Error(`The provider's profile endpoint answered HTTP ${response.status}`)
      return provider.profile(await response.json(), { user })
    },
  }
}
