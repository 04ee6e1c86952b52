export type SocialProviderId = 'google' | 'apple' | 'github' | 'x' | 'discord' | 'facebook'

export const socialProviderIds: readonly SocialProviderId[] = [
  'google',
  'apple',
  'github',
  'x',
  'discord',
  'facebook',
]

export type StartSocialProvidersParameters = {
  /** 0 = any free port. */
  port: number
  /** Default `127.0.0.1`. */
  host?: string
  /** Every exact redirect URI the Foyer server may use; anything else is refused. */
  redirectUris: readonly string[]
  /** Default all six. */
  providers?: readonly SocialProviderId[]
}

export type SocialProviderClient = {
  id: SocialProviderId
  clientId: string
  /** Apple: unused (`''`); its client secret is a JWT signed with `apple.privateKeyPem`. */
  clientSecret: string
  /** google, apple: the OpenID Connect issuer (discovery at `<issuer>/.well-known/openid-configuration`). */
  issuer?: string
  /** github, x, discord, facebook: plain OAuth 2.0 endpoints. */
  authorizationEndpoint?: string
  tokenEndpoint?: string
  /** The provider's profile endpoint (facebook: with `?fields=id,name,email,picture`). */
  userinfoEndpoint?: string
  scopes: readonly string[]
  apple?: { teamId: string; keyId: string; privateKeyPem: string /* PKCS#8 ES256 */ }
}

export type SocialProviders = {
  /** `http://host:port` */
  url: string
  /** The started providers' clients (all six unless `providers` chose fewer). */
  clients: Record<SocialProviderId, SocialProviderClient>
  /** The server's environment variables for every started provider. */
  serverEnv(): Record<string, string>
  stop(): Promise<void>
}
