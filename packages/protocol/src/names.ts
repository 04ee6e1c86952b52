import * as v from 'valibot'
import { evmAddressSchema, sdkQueryEntries, textSchema } from './common.ts'

/**
 * Names the server registers (`<label>.<zone>`, e.g. `alice.foyer.eth`) and serves to any ENS
 * client through its CCIP-read gateway. SPEC §5: a name needs at least 4 characters of letters,
 * digits and hyphens; ENS also caps a DNS label at 63 and reserves `??--` (label extensions).
 */
export const nameLabelLength = { min: 4, max: 63 } as const

/** How far a registration message's `timestamp` may be from the server's clock. */
export const registerNameMessageMaxAgeMs = 10 * 60_000

/** The refusal texts of a label, shared by client and server so both say the same. */
export const nameLabelMessages = {
  characters: 'name must be at least 4 characters: letters, digits and hyphens',
  tooLong: 'name must be at most 63 characters',
  edgeHyphen: 'name must not start or end with a hyphen',
  labelExtension: 'name must not have hyphens as its third and fourth characters',
} as const

/**
 * Why `label` (the part before the zone, any case) cannot be registered, or `undefined` when it
 * can. Labels are compared lower-cased: `Alice` registers `alice`.
 */
export function nameLabelProblem(label: string): string | undefined {
  if (label.length < nameLabelLength.min || !/^[A-Za-z0-9-]+$/.test(label))
    return nameLabelMessages.characters
  if (label.length > nameLabelLength.max) return nameLabelMessages.tooLong
  if (label.startsWith('-') || label.endsWith('-')) return nameLabelMessages.edgeHyphen
  // ENSIP-15 normalization refuses `xn--`-like labels, so such a name could not be resolved.
  if (label[2] === '-' && label[3] === '-') return nameLabelMessages.labelExtension
  return undefined
}

const nameInputSchema = (name: string) => textSchema(name, { minLength: 1, maxLength: 255 })

// GET /v1/profile/suggestions/{name}
export const getProfileSuggestionsParams = v.object({
  /** What the visitor typed: a label (`alice`) or a full name of the zone (`alice.foyer.eth`). */
  name: nameInputSchema('name'),
})
export type GetProfileSuggestionsParams = v.InferInput<typeof getProfileSuggestionsParams>
export const getProfileSuggestionsQuery = v.object({
  ...sdkQueryEntries,
  /** The zone to suggest in; when given it must be the server's (`config.names.zone`). */
  zone: v.optional(nameInputSchema('zone')),
})
export type GetProfileSuggestionsQuery = v.InferInput<typeof getProfileSuggestionsQuery>
export const nameSuggestion = v.object({
  /** A full name, `<label>.<zone>`. */
  name: v.string(),
  /** Whether someone holds it already. */
  registered: v.boolean(),
})
export type NameSuggestion = v.InferOutput<typeof nameSuggestion>
export const getProfileSuggestionsResponse = v.object({
  /** The name asked for first (registered or not), then free variants of it. */
  suggestions: v.array(nameSuggestion),
})
export type GetProfileSuggestionsResponse = v.InferOutput<typeof getProfileSuggestionsResponse>

/** The records a registration may set (ENS text records of the same keys). */
export const registerNameAttributes = v.strictObject(
  {
    /** ENSIP-12 avatar: an `https:`/`http:`/`ipfs:`/`data:` URI or an NFT (`eip155:1/erc721:0x…/1`). */
    avatar: v.optional(textSchema('avatar', { maxLength: 2048 })),
    description: v.optional(textSchema('description', { maxLength: 512 })),
  },
  'attributes may hold only avatar and description',
)
export type RegisterNameAttributes = v.InferOutput<typeof registerNameAttributes>

/**
 * What the wallet signs to register (AppKit's format): JSON text of `{ name, attributes?,
 * timestamp }`, `name` the full name, `timestamp` Unix milliseconds (seconds are read as such)
 * within 10 minutes of the server's clock.
 */
export const registerNameMessage = v.object({
  name: textSchema('name', { minLength: 1, maxLength: 255 }),
  attributes: v.optional(registerNameAttributes),
  timestamp: v.pipe(
    v.number('timestamp must be a number (Unix milliseconds)'),
    v.integer('timestamp must be whole Unix milliseconds'),
    v.minValue(0, 'timestamp must be Unix milliseconds'),
    v.maxValue(Number.MAX_SAFE_INTEGER, 'timestamp must be Unix milliseconds'),
  ),
})
export type RegisterNameMessage = v.InferInput<typeof registerNameMessage>

/** The message text to sign for `POST /v1/profile/account`. */
export function createRegisterNameMessage(parameters: {
  name: string
  attributes?: RegisterNameAttributes | undefined
  timestamp?: number | undefined
}): string {
  const { name, attributes, timestamp = Date.now() } = parameters
  return JSON.stringify({ name, ...(attributes ? { attributes } : {}), timestamp })
}

// POST /v1/profile/account
export const postProfileAccountQuery = v.object({ ...sdkQueryEntries })
export type PostProfileAccountQuery = v.InferInput<typeof postProfileAccountQuery>
export const postProfileAccountBody = v.object({
  /** SLIP-44 coin type of `address`: 60 (Ethereum, every EVM network), as a number or string. */
  coin_type: v.pipe(
    v.union([v.literal(60), v.literal('60')], 'coin_type must be 60 (Ethereum addresses)'),
    v.transform(() => 60 as const),
  ),
  /** The account the name will point at; it signed `message` (an EOA, or ERC-1271 / ERC-6492). */
  address: evmAddressSchema,
  /** JSON text, see `registerNameMessage` / `createRegisterNameMessage`. */
  message: textSchema('message', { minLength: 1, maxLength: 4096 }),
  /** `personal_sign` (EIP-191) signature of `message` by `address`. */
  signature: v.pipe(
    v.string('signature must be a string'),
    v.maxLength(20_002, 'signature is too long'),
    v.regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'signature must be 0x followed by hex bytes'),
  ),
})
export type PostProfileAccountBody = v.InferInput<typeof postProfileAccountBody>

const hexDataSchema = (name: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.maxLength(16_386, `${name} is too long`),
    v.regex(/^0x(?:[0-9a-fA-F]{2})*$/, `${name} must be 0x followed by hex bytes`),
  )

// GET /v1/ccip/{sender}/{data}.json and POST /v1/ccip (EIP-3668 gateway, no project)
export const getCcipGatewayParams = v.object({
  /** The resolver that raised `OffchainLookup`; the answer is signed for it. */
  sender: evmAddressSchema,
  /** The `callData` of the lookup, optionally followed by `.json` (the URL template's suffix). */
  '*': v.pipe(
    v.string('data must be a string'),
    v.transform((value) => value.replace(/\.json$/, '')),
    hexDataSchema('data'),
  ),
})
export const postCcipGatewayBody = v.object({
  sender: evmAddressSchema,
  data: hexDataSchema('data'),
})
export const ccipGatewayResponse = v.object({
  /** `abi.encode(bytes result, uint64 expires, bytes sig)` for `resolveWithProof`. */
  data: v.pipe(v.string(), v.regex(/^0x(?:[0-9a-fA-F]{2})*$/)),
})
export type CcipGatewayResponse = v.InferOutput<typeof ccipGatewayResponse>
