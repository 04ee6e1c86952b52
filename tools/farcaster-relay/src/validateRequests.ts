// Body checks of the two POST routes, with the rules of the reference relay's JSON schemas
// (farcasterxyz/auth-monorepo apps/relay/src/schemas.ts): unknown fields are refused, `siweUri`
// and `pfpUrl` are absolute URIs, `notBefore`/`expirationTime` RFC 3339 date-times, a signature
// is 65 bytes of hex. A caller-chosen nonce must also be a valid EIP-4361 nonce (8+ letters or
// digits), else no wallet could build the message.

export type FarcasterAuthMethod = 'custody' | 'authAddress'

/** `POST /v1/channel`. */
export type CreateChannelRequest = {
  siweUri: string
  domain: string
  nonce?: string | undefined
  notBefore?: string | undefined
  expirationTime?: string | undefined
  requestId?: string | undefined
  redirectUrl?: string | undefined
  /** Default true. */
  acceptAuthAddress?: boolean | undefined
}

/** `POST /v1/channel/authenticate`. */
export type AuthenticateRequest = {
  message: string
  signature: `0x${string}`
  /** Default `custody`. */
  authMethod?: FarcasterAuthMethod | undefined
  fid: number
  username?: string | undefined
  bio?: string | undefined
  displayName?: string | undefined
  pfpUrl?: string | undefined
}

export type ValidationResult<value> = { ok: true; value: value } | { ok: false; message: string }

const domainPattern = /^[a-zA-Z0-9.-]+(:[0-9]+)?$/
const noncePattern = /^[a-zA-Z0-9]{8,}$/
const dateTimePattern = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/
const signaturePattern = /^0x[a-fA-F0-9]{130}$/
const usernamePattern = /^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/
const schemePattern = /^[a-zA-Z][a-zA-Z0-9+.-]*:/

/** Well-known SIWF domains that phishers target; the reference relay refuses them too. */
const restrictedDomains = ['farcaster.xyz']

const createChannelFields = [
  'siweUri',
  'domain',
  'nonce',
  'notBefore',
  'expirationTime',
  'requestId',
  'redirectUrl',
  'acceptAuthAddress',
] as const

const authenticateFields = [
  'message',
  'signature',
  'authMethod',
  'fid',
  'username',
  'bio',
  'displayName',
  'pfpUrl',
] as const

type Rule = (value: unknown) => string | undefined

const isString: Rule = (value) => (typeof value === 'string' ? undefined : 'must be a string')

const isUri: Rule = (value) =>
  typeof value === 'string' && schemePattern.test(value) && URL.canParse(value)
    ? undefined
    : 'must be an absolute URI'

const isDateTime: Rule = (value) =>
  typeof value === 'string' && dateTimePattern.test(value) && !Number.isNaN(Date.parse(value))
    ? undefined
    : 'must be an RFC 3339 date-time, e.g. 2030-01-01T00:00:00.000Z'

const matches =
  (pattern: RegExp, description: string): Rule =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? undefined : description

function check<value>(
  body: unknown,
  fields: readonly string[],
  required: readonly string[],
  rules: Record<string, Rule>,
): ValidationResult<value> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'body must be a JSON object' }
  }
  const record = body as Record<string, unknown>
  const unknown = Object.keys(record).find((key) => !fields.includes(key))
  if (unknown !== undefined) {
    return { ok: false, message: `body must NOT have the additional property "${unknown}"` }
  }
  for (const field of required) {
    if (record[field] === undefined) {
      return { ok: false, message: `body must have the required property "${field}"` }
    }
  }
  for (const [field, rule] of Object.entries(rules)) {
    if (record[field] === undefined) continue
    const problem = rule(record[field])
    if (problem) return { ok: false, message: `body/${field} ${problem}` }
  }
  return { ok: true, value: body as value }
}

export function validateCreateChannelRequest(
  body: unknown,
): ValidationResult<CreateChannelRequest> {
  const result = check<CreateChannelRequest>(body, createChannelFields, ['siweUri', 'domain'], {
    siweUri: isUri,
    domain: matches(domainPattern, 'must be a host name with an optional port, e.g. example.com'),
    nonce: matches(noncePattern, 'must be at least 8 letters or digits (EIP-4361)'),
    notBefore: isDateTime,
    expirationTime: isDateTime,
    requestId: isString,
    redirectUrl: isString,
    acceptAuthAddress: (value) => (typeof value === 'boolean' ? undefined : 'must be a boolean'),
  })
  if (result.ok && restrictedDomains.some((domain) => result.value.domain.includes(domain))) {
    return { ok: false, message: 'Domain not allowed' }
  }
  return result
}

export function validateAuthenticateRequest(body: unknown): ValidationResult<AuthenticateRequest> {
  return check<AuthenticateRequest>(body, authenticateFields, ['message', 'signature', 'fid'], {
    message: (value) =>
      typeof value === 'string' && value.length > 0 ? undefined : 'must be a non-empty string',
    signature: matches(signaturePattern, 'must be 65 bytes of hex (0x + 130 hex digits)'),
    authMethod: (value) =>
      value === 'custody' || value === 'authAddress'
        ? undefined
        : 'must be equal to one of the allowed values: custody, authAddress',
    fid: (value) =>
      Number.isSafeInteger(value) && (value as number) > 0
        ? undefined
        : 'must be a positive integer',
    username: matches(usernamePattern, 'must be a Farcaster username (a-z, 0-9, -; max 16)'),
    bio: isString,
    displayName: isString,
    pfpUrl: isUri,
  })
}
