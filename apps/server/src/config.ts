import { caipNetworkIdSchema } from '@foyer/protocol'
import * as v from 'valibot'
import { parseBundlerUrls } from './chains/smartAccounts.ts'
import type { BitcoinChainConfig } from './chains/types.ts'
import type { EmbeddedWalletOptions } from './embedded/createEmbeddedWallet.ts'
import { createHttpPlaceLookup } from './embedded/placeLookup.ts'
import { readSocialProviders } from './embedded/social/socialProviders.ts'
import { ConfigError } from './errors.ts'
import type { CreateServerOptions } from './http/createServer.ts'
import { parseTrustProxy } from './http/trustProxy.ts'
import { readNameOptions } from './names/nameConfig.ts'
import { parseCdpApiKey } from './onramp/cdpApiKey.ts'

export type ServerEnv = Record<string, string | undefined>

/**
 * Server options from the environment:
 * FOYER_HOST, FOYER_PORT, FOYER_PUBLIC_URL, FOYER_DATA_DIR, FOYER_DATABASE_URL, FOYER_REDIS_URL,
 * FOYER_DEVNET_FILE, FOYER_RPC_URLS, FOYER_INDEX_CHAINS, FOYER_PRICE_API_URL, FOYER_PRICE_API_KEY,
 * FOYER_0X_API_KEY, FOYER_0X_API_URL (swaps on the public networks),
 * FOYER_REGISTRY_FILE, FOYER_RATE_LIMIT_IP (per minute, 0 = off), FOYER_RATE_LIMIT_PROJECT,
 * FOYER_TRUST_PROXY, FOYER_LOG_LEVEL, FOYER_LOG_REQUESTS (share of requests logged, 0 to 1),
 * FOYER_SLOW_REQUEST_MS (slower requests always logged), FOYER_ANALYTICS_DAILY_QUOTA (events per project per UTC day,
 * 0 = none), FOYER_ANALYTICS_RETENTION_DAYS (0 = keep forever); on-ramp (see `readOnRamp`):
 * FOYER_ONRAMP_API_KEY_NAME + FOYER_ONRAMP_API_KEY_SECRET, FOYER_ONRAMP_API_URL,
 * FOYER_ONRAMP_PAY_URL, FOYER_ONRAMP_PROVIDER_NAME, FOYER_ONRAMP_NETWORKS, FOYER_ONRAMP_EUR_USD;
 * FOYER_BUNDLER_URLS (ERC-4337 bundlers, `chainId=url,…`: the smart-account networks);
 * FOYER_BITCOIN_NETWORKS (Bitcoin networks, `caip2=esploraUrl,…`, see `parseBitcoinNetworks`).
 */
export function readServerOptions(
  env: ServerEnv,
): CreateServerOptions & { host: string; port: number } {
  const port = Number(env.FOYER_PORT ?? 4400)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`FOYER_PORT must be a port number, got "${env.FOYER_PORT}"`)
  }
  const ipLimit = env.FOYER_RATE_LIMIT_IP === undefined ? 600 : Number(env.FOYER_RATE_LIMIT_IP)
  const projectLimit =
    env.FOYER_RATE_LIMIT_PROJECT === undefined ? 20_000 : Number(env.FOYER_RATE_LIMIT_PROJECT)
  return {
    host: env.FOYER_HOST || '127.0.0.1',
    port,
    publicUrl: env.FOYER_PUBLIC_URL || undefined,
    dataDir: env.FOYER_DATA_DIR || '.foyer',
    databaseUrl: env.FOYER_DATABASE_URL || undefined,
    redisUrl: env.FOYER_REDIS_URL || undefined,
    devnetFile: env.FOYER_DEVNET_FILE || undefined,
    rpcUrls: env.FOYER_RPC_URLS || undefined,
    bitcoinChains: parseBitcoinNetworks(env.FOYER_BITCOIN_NETWORKS),
    bundlerUrls: parseBundlerUrls(env.FOYER_BUNDLER_URLS),
    indexChains: parseChainIds('FOYER_INDEX_CHAINS', env.FOYER_INDEX_CHAINS),
    priceApi: env.FOYER_PRICE_API_URL
      ? { baseUrl: env.FOYER_PRICE_API_URL, apiKey: env.FOYER_PRICE_API_KEY || undefined }
      : undefined,
    zeroEx: env.FOYER_0X_API_KEY
      ? { apiKey: env.FOYER_0X_API_KEY, baseUrl: env.FOYER_0X_API_URL || undefined }
      : undefined,
    registryFile: env.FOYER_REGISTRY_FILE || undefined,
    rateLimit:
      ipLimit === 0 ? false : { perIpPerMinute: ipLimit, perProjectPerMinute: projectLimit },
    // A hop count (`1`/`true` = one proxy) or proxy addresses/CIDRs; never every hop.
    trustProxy: parseTrustProxy('FOYER_TRUST_PROXY', env.FOYER_TRUST_PROXY),
    logger: { level: env.FOYER_LOG_LEVEL || 'info' },
    requestLogging: {
      sampleRate: parseShare('FOYER_LOG_REQUESTS', env.FOYER_LOG_REQUESTS),
      slowRequestMs: parseCount('FOYER_SLOW_REQUEST_MS', env.FOYER_SLOW_REQUEST_MS),
    },
    // FOYER_NAME_ZONE, FOYER_NAME_GATEWAY_KEY (see `readNameOptions`).
    names: readNameOptions(env),
    onRamp: readOnRamp(env),
    siwx: readSiwx(env),
    analytics: {
      dailyEventQuota: parseCount('FOYER_ANALYTICS_DAILY_QUOTA', env.FOYER_ANALYTICS_DAILY_QUOTA),
      retentionDays: parseCount(
        'FOYER_ANALYTICS_RETENTION_DAYS',
        env.FOYER_ANALYTICS_RETENTION_DAYS,
      ),
    },
  }
}

/**
 * On-ramp: the Coinbase provider is on when both FOYER_ONRAMP_API_KEY_NAME and
 * FOYER_ONRAMP_API_KEY_SECRET are set (one alone is a mistake, refused); its URLs, display name
 * and extra network names are checked here, the key is read once, so a bad one stops the start.
 */
function readOnRamp(env: ServerEnv): CreateServerOptions['onRamp'] {
  const keyName = env.FOYER_ONRAMP_API_KEY_NAME?.trim()
  const keySecret = env.FOYER_ONRAMP_API_KEY_SECRET?.trim()
  if (Boolean(keyName) !== Boolean(keySecret))
    throw new ConfigError(
      keyName
        ? 'FOYER_ONRAMP_API_KEY_NAME is set: also set FOYER_ONRAMP_API_KEY_SECRET (the key secret)'
        : 'FOYER_ONRAMP_API_KEY_SECRET is set: also set FOYER_ONRAMP_API_KEY_NAME (the key name)',
    )
  const eurUsdRate = parseRate('FOYER_ONRAMP_EUR_USD', env.FOYER_ONRAMP_EUR_USD)
  if (!keyName || !keySecret) return eurUsdRate === undefined ? undefined : { eurUsdRate }
  // Read (and dropped) here to refuse a bad secret early; the message never quotes it.
  parseCdpApiKey(keyName, keySecret)
  return {
    coinbase: {
      apiKeyName: keyName,
      apiKeySecret: keySecret,
      apiUrl: parseHttpUrl('FOYER_ONRAMP_API_URL', env.FOYER_ONRAMP_API_URL),
      payUrl: parseHttpUrl('FOYER_ONRAMP_PAY_URL', env.FOYER_ONRAMP_PAY_URL),
      name: env.FOYER_ONRAMP_PROVIDER_NAME?.trim() || undefined,
      networks: parseOnRampNetworks(env.FOYER_ONRAMP_NETWORKS),
    },
    eurUsdRate,
  }
}

/** `name=caip2,…`, e.g. `solana=solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`; names are lower-cased. */
export function parseOnRampNetworks(value: string | undefined): Record<string, string> | undefined {
  if (!value?.trim()) return undefined
  const networks: Record<string, string> = {}
  for (const entry of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9._-]{1,64})=(\S+)$/.exec(entry)
    if (!match || !v.is(caipNetworkIdSchema, match[2]))
      throw new ConfigError(
        `FOYER_ONRAMP_NETWORKS entry "${entry}" is not name=caip2 (e.g. solana=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp)`,
      )
    const name = match[1]!.toLowerCase()
    if (name in networks)
      throw new ConfigError(`FOYER_ONRAMP_NETWORKS names the network "${name}" twice`)
    networks[name] = match[2]!
  }
  return networks
}

/** Names of the well-known Bitcoin networks, by genesis hash prefix. */
const bitcoinNetworkNames: Record<string, string> = {
  '000000000019d6689c085ae165831e93': 'Bitcoin',
  '000000000933ea01ad0ee984209779ba': 'Bitcoin Testnet',
  '00000000da84f2bafbbc53dee25a72ae': 'Bitcoin Testnet4',
  '00000008819873e925422c1ff0f99f7c': 'Bitcoin Signet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'Bitcoin Regtest',
}

/**
 * FOYER_BITCOIN_NETWORKS: `caip2=esploraBaseUrl,…`, e.g.
 * `bip122:000000000019d6689c085ae165831e93=https://mempool.space/api`: the Bitcoin networks whose
 * balances and history the server answers, read through an Esplora API (mempool.space,
 * blockstream.info, electrs). Each network once; the URL is http(s).
 */
export function parseBitcoinNetworks(value: string | undefined): BitcoinChainConfig[] | undefined {
  if (!value?.trim()) return undefined
  const chains: BitcoinChainConfig[] = []
  for (const entry of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^bip122:([0-9a-f]{32})=(\S+)$/.exec(entry)
    const url = match?.[2]
    if (!match || !url || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new ConfigError(
        `FOYER_BITCOIN_NETWORKS entry "${entry}" is not caip2=esploraUrl (e.g. bip122:000000000019d6689c085ae165831e93=https://mempool.space/api)`,
      )
    const reference = match[1]!
    const caipNetworkId = `bip122:${reference}` as const
    if (chains.some((chain) => chain.caipNetworkId === caipNetworkId))
      throw new ConfigError(`FOYER_BITCOIN_NETWORKS names the network "${caipNetworkId}" twice`)
    chains.push({
      caipNetworkId,
      name: bitcoinNetworkNames[reference] ?? `Bitcoin (${reference.slice(0, 8)})`,
      esploraUrl: url.replace(/\/+$/, ''),
    })
  }
  return chains
}

/** A positive decimal (an exchange rate), or undefined when unset. */
function parseRate(name: string, value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined
  const text = value.trim()
  if (!/^\d{1,6}(\.\d{1,12})?$/.test(text) || !(Number(text) > 0))
    throw new ConfigError(`${name} must be a positive decimal such as 1.08, got "${value}"`)
  return Number(text)
}

/** An http(s) URL, or undefined when unset (the default then applies). */
function parseHttpUrl(name: string, value: string | undefined): string | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol))
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`)
  return text
}

/**
 * Sign in with any wallet: FOYER_SIWX_COOKIE_DOMAIN (the cookie's `Domain`, to share it with the
 * app's backend on a sibling host) and FOYER_SIWX_SESSION_DAYS (the longest session, default 7).
 */
function readSiwx(env: ServerEnv): CreateServerOptions['siwx'] {
  const cookieDomain = env.FOYER_SIWX_COOKIE_DOMAIN?.trim().replace(/^\./, '').toLowerCase()
  if (cookieDomain && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(cookieDomain))
    throw new ConfigError(
      `FOYER_SIWX_COOKIE_DOMAIN must be a domain such as example.com, got "${env.FOYER_SIWX_COOKIE_DOMAIN}"`,
    )
  const days = parseCount('FOYER_SIWX_SESSION_DAYS', env.FOYER_SIWX_SESSION_DAYS)
  if (days === 0) throw new ConfigError('FOYER_SIWX_SESSION_DAYS must be at least 1')
  return {
    cookieDomain: cookieDomain || undefined,
    sessionLifetimeMs: days === undefined ? undefined : days * 24 * 60 * 60_000,
  }
}

/** A whole number ≥ 0, or undefined when unset (the option's default then applies). */
/** A share from 0 to 1, e.g. `0.01` (one in a hundred). */
function parseShare(name: string, value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined
  const share = Number(value.trim())
  if (!/^\d*\.?\d+$/.test(value.trim()) || !(share >= 0 && share <= 1))
    throw new ConfigError(`${name} must be a number from 0 to 1, got "${value}"`)
  return share
}

function parseCount(name: string, value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined
  if (!/^\d{1,12}$/.test(value.trim()))
    throw new ConfigError(`${name} must be a whole number (0 = off), got "${value}"`)
  return Number(value.trim())
}

/** A comma list of EVM chain ids, e.g. `1,8453`. */
function parseChainIds(name: string, value: string | undefined): number[] | undefined {
  if (!value?.trim()) return undefined
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.map((chainId) => {
    if (!/^[1-9]\d{0,15}$/.test(chainId) || !Number.isSafeInteger(Number(chainId))) {
      throw new ConfigError(
        `${name} must be a comma list of chain ids such as 1,8453, got "${value}"`,
      )
    }
    return Number(chainId)
  })
}

/**
 * Embedded-wallet options from the environment: FOYER_FRAME_HOST, FOYER_FRAME_PORT (4401),
 * FOYER_FRAME_PUBLIC_URL, FOYER_SMTP_URL, FOYER_MAIL_FROM, FOYER_SESSION_SECRET,
 * FOYER_SESSION_SECRET_PREVIOUS (comma list, verifying only), FOYER_SHARE_KEY,
 * FOYER_OPERATOR_RECOVERY (`true`/`false`, default false), FOYER_RECOVERY_SECRET_KEY,
 * FOYER_RECOVERY_PUBLIC_KEY, FOYER_RATE_LIMIT_EMAIL (per minute); social login per provider P
 * (GOOGLE, X, DISCORD, APPLE, GITHUB, FACEBOOK): FOYER_SOCIAL_P_CLIENT_ID, FOYER_SOCIAL_P_CLIENT_SECRET
 * (Apple: FOYER_SOCIAL_APPLE_TEAM_ID, _KEY_ID, _PRIVATE_KEY) and optional endpoint overrides;
 * Farcaster: FOYER_FARCASTER_RELAY_URL with FOYER_FARCASTER_RPC_URL (an Optimism RPC); login
 * hardening: FOYER_LOGIN_FAILURES_PER_DAY (0 = no budget), FOYER_LOGIN_LOCK_MINUTES,
 * FOYER_LOGIN_POW_AFTER (0 = never), FOYER_LOGIN_POW_BITS, FOYER_EMAIL_COOLDOWN_SECONDS (30),
 * FOYER_SESSION_LIFETIME_DAYS, FOYER_CLEANUP_GRACE_DAYS, FOYER_IP_PLACE_URL.
 */
export function readEmbeddedWalletOptions(env: ServerEnv): EmbeddedWalletOptions {
  const framePort = Number(env.FOYER_FRAME_PORT ?? 4401)
  if (!Number.isInteger(framePort) || framePort < 0 || framePort > 65_535) {
    throw new Error(`FOYER_FRAME_PORT must be a port number, got "${env.FOYER_FRAME_PORT}"`)
  }
  const ipLimit = env.FOYER_RATE_LIMIT_IP === undefined ? 300 : Number(env.FOYER_RATE_LIMIT_IP)
  return {
    frameHost: env.FOYER_FRAME_HOST || undefined,
    framePort,
    framePublicUrl: env.FOYER_FRAME_PUBLIC_URL || undefined,
    smtpUrl: env.FOYER_SMTP_URL || undefined,
    mailFrom: env.FOYER_MAIL_FROM || undefined,
    sessionSecret: env.FOYER_SESSION_SECRET || undefined,
    previousSessionSecrets: env.FOYER_SESSION_SECRET_PREVIOUS || undefined,
    shareKey: env.FOYER_SHARE_KEY || undefined,
    operatorRecovery: parseSwitch('FOYER_OPERATOR_RECOVERY', env.FOYER_OPERATOR_RECOVERY),
    recoverySecretKey: env.FOYER_RECOVERY_SECRET_KEY || undefined,
    recoveryPublicKey: env.FOYER_RECOVERY_PUBLIC_KEY || undefined,
    socialProviders: readSocialProviders(env),
    farcaster: readFarcaster(env),
    ...readLoginHardening(env),
    rateLimit:
      ipLimit === 0
        ? false
        : {
            perIpPerMinute: ipLimit,
            perEmailPerMinute: Number(env.FOYER_RATE_LIMIT_EMAIL ?? 20),
          },
  }
}

const day = 24 * 60 * 60_000

function readLoginHardening(env: ServerEnv): Partial<EmbeddedWalletOptions> {
  const failures = parseCount('FOYER_LOGIN_FAILURES_PER_DAY', env.FOYER_LOGIN_FAILURES_PER_DAY)
  const lockMinutes = parseCount('FOYER_LOGIN_LOCK_MINUTES', env.FOYER_LOGIN_LOCK_MINUTES)
  const powAfter = parseCount('FOYER_LOGIN_POW_AFTER', env.FOYER_LOGIN_POW_AFTER)
  const powBits = parseCount('FOYER_LOGIN_POW_BITS', env.FOYER_LOGIN_POW_BITS)
  if (powBits !== undefined && (powBits < 1 || powBits > 28))
    throw new ConfigError(`FOYER_LOGIN_POW_BITS must be 1 to 28, got "${env.FOYER_LOGIN_POW_BITS}"`)
  const cooldown = parseCount('FOYER_EMAIL_COOLDOWN_SECONDS', env.FOYER_EMAIL_COOLDOWN_SECONDS)
  // No cooldown at all would let anyone mail an address as fast as the rate limit allows.
  if (cooldown !== undefined && (cooldown < 1 || cooldown > 3600))
    throw new ConfigError(
      `FOYER_EMAIL_COOLDOWN_SECONDS must be 1 to 3600, got "${env.FOYER_EMAIL_COOLDOWN_SECONDS}"`,
    )
  const lifetimeDays = parseCount('FOYER_SESSION_LIFETIME_DAYS', env.FOYER_SESSION_LIFETIME_DAYS)
  if (lifetimeDays === 0) throw new ConfigError('FOYER_SESSION_LIFETIME_DAYS must be at least 1')
  const graceDays = parseCount('FOYER_CLEANUP_GRACE_DAYS', env.FOYER_CLEANUP_GRACE_DAYS)
  const placeUrl = env.FOYER_IP_PLACE_URL?.trim()
  return {
    ...(failures === 0
      ? { loginFailureBudget: false as const }
      : failures !== undefined || lockMinutes !== undefined
        ? {
            loginFailureBudget: {
              ...(failures !== undefined ? { maxFailures: failures } : {}),
              ...(lockMinutes !== undefined ? { lockMs: lockMinutes * 60_000 } : {}),
            },
          }
        : {}),
    ...(powAfter === 0
      ? { loginProofOfWork: false as const }
      : powAfter !== undefined || powBits !== undefined
        ? {
            loginProofOfWork: {
              ...(powAfter !== undefined ? { afterStarts: powAfter } : {}),
              ...(powBits !== undefined ? { difficultyBits: powBits } : {}),
            },
          }
        : {}),
    ...(cooldown !== undefined ? { emailCooldownSeconds: cooldown } : {}),
    ...(lifetimeDays !== undefined ? { sessionLifetimeSeconds: lifetimeDays * 24 * 3600 } : {}),
    ...(graceDays !== undefined ? { cleanup: { graceMs: graceDays * day } } : {}),
    ...(placeUrl ? { placeLookup: createHttpPlaceLookup({ urlTemplate: placeUrl }) } : {}),
  }
}

function readFarcaster(env: ServerEnv) {
  const relayUrl = env.FOYER_FARCASTER_RELAY_URL?.trim()
  if (!relayUrl) return undefined
  const rpcUrl = env.FOYER_FARCASTER_RPC_URL?.trim()
  if (!rpcUrl)
    throw new ConfigError(
      'FOYER_FARCASTER_RELAY_URL is set: also set FOYER_FARCASTER_RPC_URL (an Optimism RPC, where the Farcaster ID registry is)',
    )
  for (const [name, value] of [
    ['FOYER_FARCASTER_RELAY_URL', relayUrl],
    ['FOYER_FARCASTER_RPC_URL', rpcUrl],
  ] as const) {
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
      throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`)
  }
  return { relayUrl, rpcUrl }
}

/** An on/off variable: `true`/`1` or `false`/`0` (unset or empty = off); anything else is refused. */
function parseSwitch(name: string, value: string | undefined): boolean {
  const normalized = value?.trim().toLowerCase() ?? ''
  if (normalized === 'true' || normalized === '1') return true
  if (normalized === 'false' || normalized === '0' || normalized === '') return false
  throw new ConfigError(`${name} must be true or false, got "${value}"`)
}
