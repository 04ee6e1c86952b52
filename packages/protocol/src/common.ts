import * as v from 'valibot'

/**
 * Building blocks shared by the route schemas. Query-string values arrive as strings, so numeric
 * and boolean parameters accept either form and come out typed.
 */

export const projectIdSchema = v.pipe(
  v.string('projectId must be a string'),
  v.minLength(1, 'projectId is required'),
  v.maxLength(128, 'projectId is too long'),
  v.regex(/^[A-Za-z0-9._-]+$/, 'projectId may contain only letters, digits, ".", "_" and "-"'),
)

/**
 * Control characters (PostgreSQL refuses NUL in text) and lone UTF-16 surrogates (they have no
 * UTF-8 form; jsonb refuses them): neither belongs in a text field.
 */
export const unsafeTextPattern = /[\p{Cc}\p{Cs}]/u

/** A free-text field: bounded, without control characters or lone surrogates. */
export function textSchema(name: string, options: { maxLength: number; minLength?: number }) {
  return v.pipe(
    v.string(`${name} must be a string`),
    v.minLength(options.minLength ?? 0, `${name} is required`),
    v.maxLength(options.maxLength, `${name} is too long`),
    v.check(
      (value) => !unsafeTextPattern.test(value),
      `${name} must not contain control characters or invalid Unicode`,
    ),
  )
}

/** Query parameters every call carries: the project and the calling SDK's type and version. */
export const sdkQueryEntries = {
  projectId: projectIdSchema,
  /** SDK type, e.g. `foyer`. */
  st: v.optional(textSchema('st', { maxLength: 64 })),
  /** SDK version, e.g. `foyer-react-0.1.0`. */
  sv: v.optional(textSchema('sv', { maxLength: 64 })),
}

/** Same as `sdkQueryEntries` for routes that the browser may load without a project (images). */
export const optionalSdkQueryEntries = {
  ...sdkQueryEntries,
  projectId: v.optional(projectIdSchema),
}

export function integerParam(name: string, min: number, max: number) {
  return v.pipe(
    v.union([v.string(), v.number()], `${name} must be an integer`),
    // Only plain decimal digits count: Number() would also read '0x10', '1e3' and ' 7 '.
    v.transform((value) =>
      typeof value === 'number' ? value : /^-?\d{1,15}$/.test(value) ? Number(value) : Number.NaN,
    ),
    v.number(`${name} must be an integer`),
    v.integer(`${name} must be an integer`),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  )
}

export function booleanParam(name: string) {
  return v.pipe(
    v.union(
      [v.boolean(), v.picklist(['true', 'false', '1', '0'])],
      `${name} must be true or false`,
    ),
    v.transform((value) => value === true || value === 'true' || value === '1'),
  )
}

/** A comma-separated list in a query string (`a,b,c`), returned as an array. */
export function listParam(
  name: string,
  options: { maxItems: number; item: v.GenericSchema<string, string> },
) {
  return v.pipe(
    v.string(`${name} must be a comma-separated list`),
    v.maxLength(options.maxItems * 140, `${name} is too long`),
    v.transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    ),
    v.maxLength(options.maxItems, `${name} may hold at most ${options.maxItems} items`),
    v.array(options.item),
  )
}

/** EVM address: 0x plus 40 hex characters. */
export const evmAddressSchema = v.pipe(
  v.string('address must be a string'),
  v.regex(/^0x[0-9a-fA-F]{40}$/, 'address must be 0x followed by 40 hex characters'),
)

/** Solana address: 32 to 44 base58 characters (SPEC §5). */
export const solanaAddressSchema = v.pipe(
  v.string('address must be a string'),
  v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'address must be 32 to 44 base58 characters'),
)

/**
 * The shape of a Bitcoin address (mainnet `bc1`/base58 `1`, `3`; testnet and signet `tb1`/`m`,
 * `n`, `2`; regtest `bcrt1`): bech32/bech32m in one case, or base58 of P2PKH/P2SH length. The
 * checksum is the server's to check.
 */
const bitcoinAddressPattern =
  /^((bc|tb|bcrt)1[02-9ac-hj-np-z]{6,87}|(BC|TB|BCRT)1[02-9AC-HJ-NP-Z]{6,87}|[13mn2][1-9A-HJ-NP-Za-km-z]{25,34})$/
const bitcoinAddressHint = 'a Bitcoin address (bc1…, tb1…, bcrt1… or base58)'

/** Bitcoin address: bech32/bech32m (`bc1…`, `tb1…`, `bcrt1…`) or base58 P2PKH/P2SH. */
export const bitcoinAddressSchema = v.pipe(
  v.string('address must be a string'),
  v.regex(bitcoinAddressPattern, `address must be ${bitcoinAddressHint}`),
)

/** An account address of a namespace the balance route serves: EVM, Solana or Bitcoin. */
export const accountAddressSchema = v.pipe(
  v.string('address must be a string'),
  v.check(
    (value) =>
      /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/.test(value) ||
      bitcoinAddressPattern.test(value),
    `address must be an EVM address (0x followed by 40 hex characters), a Solana address (32 to 44 base58 characters) or ${bitcoinAddressHint}`,
  ),
)

/** An account whose history the server serves: EVM or Bitcoin. */
export const historyAccountSchema = v.pipe(
  v.string('account must be a string'),
  v.check(
    (value) => /^0x[0-9a-fA-F]{40}$/.test(value) || bitcoinAddressPattern.test(value),
    `account must be an EVM address (0x followed by 40 hex characters) or ${bitcoinAddressHint}`,
  ),
)

/** CAIP-2 chain id, e.g. `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export const caipNetworkIdSchema = v.pipe(
  v.string('chainId must be a string'),
  v.regex(
    /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/,
    'chainId must be a CAIP-2 chain id such as eip155:1',
  ),
)

/** CAIP-10 account id, e.g. `eip155:1:0xabc…`. */
export const caipAddressSchema = v.pipe(
  v.string('address must be a string'),
  v.regex(
    /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/,
    'address must be a CAIP-10 account id such as eip155:1:0x…',
  ),
)

/** Path parameter `{id}` of image routes and similar: a bounded, URL-safe identifier. */
export const resourceIdSchema = v.pipe(
  v.string('id must be a string'),
  v.minLength(1, 'id is required'),
  v.maxLength(128, 'id is too long'),
  v.regex(/^[A-Za-z0-9:._-]+$/, 'id may contain only letters, digits, ":", ".", "_" and "-"'),
)

/** Machine-readable error codes of every error response. */
export const errorCodes = [
  'INVALID_INPUT',
  'PROJECT_ID_MISSING',
  'INVALID_PROJECT_ID',
  'ORIGIN_NOT_ALLOWED',
  /** 401: no valid sign-in session (SIWX) for the request's project. */
  'UNAUTHENTICATED',
  'RATE_LIMITED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UPSTREAM_UNAVAILABLE',
  /**
   * 503: the server's database cannot be reached for a moment (a restart, a failover); the
   * answer carries `Retry-After` (seconds) and the same request may be sent again then.
   */
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const
export type ErrorCode = (typeof errorCodes)[number]

/**
 * Every error response. `message` for a refused project is `Unauthorized: invalid key` and for a
 * refused origin `Unauthorized: origin not allowed` (the texts clients map to alerts, SPEC §8).
 */
export const errorResponse = v.object({
  statusCode: v.number(),
  code: v.picklist(errorCodes),
  error: v.string(),
  message: v.string(),
  /** The offending input field (dot path), for INVALID_INPUT and PROJECT_ID_MISSING. */
  field: v.optional(v.string()),
})
export type ErrorResponse = v.InferOutput<typeof errorResponse>

/** Messages the server answers with and the client maps to alerts (SPEC §8). */
export const serverMessages = {
  invalidKey: 'Unauthorized: invalid key',
  originNotAllowed: 'Unauthorized: origin not allowed',
  projectIdMissing: 'Project ID Not Configured',
  rateLimited: 'Rate Limited',
  /**
   * A failure the visitor can only retry, e.g. `DATABASE_UNAVAILABLE` (and the frame's
   * `database_unavailable`): SPEC §8 has no text of its own for it, so its generic alert.
   */
  serverError: 'Server Error',
} as const
