import * as v from 'valibot'
import { evmAddressSchema, sdkQueryEntries, textSchema } from './common.ts'

/**
 * Smart sessions (ERC-7715) the embedded wallet's smart accounts granted: the server keeps a
 * registry so an app (and the wallet's Sessions view) can list and revoke them. The chain is the
 * truth: the server stores a session only after checking the account signed it (ERC-1271), and
 * a revoke only with the account's signature of `sessionRevokeMessage(pci)`.
 */

const hexSchema = (name: string, maxLength: number) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.regex(/^0x[0-9a-fA-F]*$/, `${name} must be 0x-prefixed hex`),
    v.check((value) => value.length % 2 === 0, `${name} must be whole bytes`),
    v.maxLength(maxLength, `${name} is too long`),
  )

/** A 32-byte hash (the delegation's hash, the session's `pci`). */
export const sessionPciSchema = v.pipe(
  v.string('pci must be a string'),
  v.regex(/^0x[0-9a-fA-F]{64}$/, 'pci must be a 32-byte hex hash'),
)

/** `{id}`: the CAIP-10 EVM account `eip155:<chainId>:<address>`. */
export const sessionAccountIdSchema = v.pipe(
  v.string('id must be a string'),
  v.regex(
    /^eip155:[1-9][0-9]{0,15}:0x[0-9a-fA-F]{40}$/,
    'id must be a CAIP-10 EVM account such as eip155:1:0x…',
  ),
)

/** An ERC-7715 permission the wallet grants. */
export const sessionPermissionSchema = v.variant('type', [
  v.object({
    type: v.literal('contract-call'),
    data: v.object({
      address: evmAddressSchema,
      functions: v.pipe(
        v.array(textSchema('function', { minLength: 1, maxLength: 256 })),
        v.minLength(1, 'functions must name at least one function'),
        v.maxLength(32, 'functions lists too many functions'),
      ),
    }),
  }),
  v.object({
    type: v.literal('erc20-token-transfer'),
    data: v.object({
      address: evmAddressSchema,
      allowance: v.pipe(
        v.string('allowance must be a string'),
        v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'allowance must be a hex amount'),
      ),
    }),
  }),
])
export type SessionPermission = v.InferOutput<typeof sessionPermissionSchema>

export const sessionParams = v.object({ id: sessionAccountIdSchema })
export const sessionQuery = v.object({ ...sdkQueryEntries })

// POST /v1/sessions/{id}
export const registerSessionBody = v.object({
  /** The app origin the session was granted to. */
  origin: textSchema('origin', { minLength: 1, maxLength: 512 }),
  /** Unix seconds. */
  expiry: v.pipe(v.number('expiry must be a number'), v.integer(), v.minValue(1)),
  permissions: v.pipe(
    v.array(sessionPermissionSchema),
    v.minLength(1, 'permissions must not be empty'),
    v.maxLength(32, 'permissions lists too many permissions'),
  ),
  /** The ERC-7715 `permissionsContext`: the encoded, signed delegation. */
  context: hexSchema('context', 16_384),
})
export type RegisterSessionBody = v.InferOutput<typeof registerSessionBody>
export const registerSessionResponse = v.object({ pci: sessionPciSchema })

export const sessionSchema = v.object({
  pci: sessionPciSchema,
  projectId: v.string(),
  origin: v.string(),
  expiry: v.number(),
  permissions: v.array(sessionPermissionSchema),
  context: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
  /** ISO 8601, or null while the session is not revoked. */
  revokedAt: v.nullable(v.string()),
})
export type Session = v.InferOutput<typeof sessionSchema>

// GET /v1/sessions/{id}
export const getSessionsResponse = v.object({ sessions: v.array(sessionSchema) })
export type GetSessionsResponse = v.InferOutput<typeof getSessionsResponse>

// POST /v1/sessions/{id}/revoke
export const revokeSessionBody = v.object({
  pci: sessionPciSchema,
  /** The account's signature (ERC-1271 / ERC-6492 / ECDSA) of `sessionRevokeMessage(pci)`. */
  signature: hexSchema('signature', 4_096),
})
export type RevokeSessionBody = v.InferOutput<typeof revokeSessionBody>
export const revokeSessionResponse = v.object({ pci: sessionPciSchema, revokedAt: v.string() })

/** The message the account signs (EIP-191) to have the registry mark a session revoked. */
export function sessionRevokeMessage(pci: string): string {
  return `Revoke Foyer session ${pci.toLowerCase()}`
}
