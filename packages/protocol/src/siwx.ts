import * as v from 'valibot'
import {
  optionalSdkQueryEntries,
  projectIdSchema,
  sdkQueryEntries,
  unsafeTextPattern,
} from './common.ts'

/**
 * Sign in with any wallet (SIWX): the default verifier of the Foyer server. The app asks for a
 * nonce, the wallet signs a sign-in message carrying it (EIP-4361 on EVM, Sign In With Solana on
 * Solana, CAIP-122 on Bitcoin, Cosmos and Polkadot), the server checks and answers a session held
 * in an HTTP-only cookie.
 */

/** The HTTP-only cookie holding the sign-in session (an opaque token). */
export const siwxCookieName = 'foyer_siwx'
/** A nonce must be used within this long after it was issued. */
export const siwxNonceLifetimeMs = 10 * 60_000
/** A session lasts until the message's Expiration Time, and never longer than this by default. */
export const siwxDefaultSessionLifetimeMs = 7 * 24 * 60 * 60_000
/** How far in the future `Issued At` and `Not Before` may be (clocks differ a little). */
export const siwxClockSkewMs = 60_000

/** Refusal texts that have no variable part, shared by client and server. */
export const siwxMessages = {
  nonceUnknown: 'nonce was already used or never issued',
  nonceExpired: 'nonce has expired: ask for a new one and sign again',
  signatureMismatch: "signature does not match the message's account",
  noSession: 'Not signed in: no sign-in session for this project',
  sessionExpired: 'Not signed in: the sign-in session has expired',
  sessionRevoked: 'Not signed in: the sign-in session was signed out',
} as const

/** A CAIP-2 namespace: `eip155`, `solana`, `cosmos`, … */
export const siwxNamespaceSchema = v.pipe(
  v.string('namespace must be a string'),
  v.regex(/^[-a-z0-9]{3,8}$/, 'namespace must be a CAIP-2 namespace such as eip155 or solana'),
)

/**
 * The signed text: lines end in LF; no other control character (a CR or NUL is never part of an
 * EIP-4361 message), no lone surrogate.
 */
export const siwxMessageTextSchema = v.pipe(
  v.string('message must be a string'),
  v.minLength(1, 'message is required'),
  v.maxLength(8192, 'message is too long'),
  v.check(
    (value) => !unsafeTextPattern.test(value.replaceAll('\n', '')),
    'message must not contain control characters other than line feeds, or invalid Unicode',
  ),
)

// POST /v1/siwx/nonce (project in the query or the body)
export const postSiwxNonceQuery = v.object({ ...optionalSdkQueryEntries })
export type PostSiwxNonceQuery = v.InferInput<typeof postSiwxNonceQuery>
export const postSiwxNonceBody = v.object({ projectId: v.optional(projectIdSchema) })
export type PostSiwxNonceBody = v.InferInput<typeof postSiwxNonceBody>
export const postSiwxNonceResponse = v.object({
  /** 32 hex characters (128 random bits), valid 10 minutes, usable once, for this project only. */
  nonce: v.string(),
})
export type PostSiwxNonceResponse = v.InferOutput<typeof postSiwxNonceResponse>

// POST /v1/siwx/verify (project in the query or the body)
export const postSiwxVerifyQuery = v.object({ ...optionalSdkQueryEntries })
export type PostSiwxVerifyQuery = v.InferInput<typeof postSiwxVerifyQuery>
export const postSiwxVerifyBody = v.object({
  projectId: v.optional(projectIdSchema),
  /** The sign-in message exactly as signed (EIP-4361, Sign In With Solana or CAIP-122 text). */
  message: siwxMessageTextSchema,
  /**
   * eip155: the `personal_sign` signature, 0x + hex (65 bytes for an EOA; any length for an
   * ERC-1271 / ERC-6492 account). solana: the 64-byte ed25519 signature of the message's UTF-8
   * bytes, base58 or base64. bip122: the BIP-322 simple (or legacy `signmessage`) signature,
   * base64. cosmos: the ADR-36 `StdSignature` as JSON, `{"pub_key":{"type":
   * "tendermint/PubKeySecp256k1","value":…},"signature":…}` (a Cosmos address cannot verify a
   * signature without its key). polkadot: the sr25519 / ed25519 / ecdsa signature, 0x + hex.
   */
  signature: v.pipe(
    v.string('signature must be a string'),
    v.minLength(1, 'signature is required'),
    v.maxLength(20_002, 'signature is too long'),
    // Text of one encoding, or one JSON object of printable ASCII (no line breaks).
    v.regex(
      /^(?:[0-9A-Za-z+/=_-]+|\{[\x20-\x7e]*\})$/,
      'signature must be hex, base58 or base64 text, or a JSON object (Cosmos StdSignature)',
    ),
  ),
  /** A CAIP-74 CACAO of the same sign-in, if the client has one: accepted and not relied on. */
  cacao: v.optional(v.record(v.string(), v.unknown(), 'cacao must be an object')),
  /**
   * The namespace of the signing account: `eip155`, `solana`, `bip122`, `cosmos` or `polkadot`
   * (others are refused by the Foyer server's verifier; an app's own verifier may take them).
   */
  namespace: siwxNamespaceSchema,
})
export type PostSiwxVerifyBody = v.InferInput<typeof postSiwxVerifyBody>

/** One signed-in account of a session. */
export const siwxAccount = v.object({
  /**
   * EVM: checksummed 0x address; Solana: base58 public key; Bitcoin: the address (bech32 in lower
   * case); Cosmos: bech32; Polkadot: SS58, in the format it was signed with.
   */
  address: v.string(),
  /**
   * CAIP-2: `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
   * `bip122:000000000019d6689c085ae165831e93`, `cosmos:cosmoshub-4`,
   * `polkadot:91b171bb158e2d3848fa23a9f1c25182`.
   */
  chainId: v.string(),
  namespace: v.string(),
  /** ISO 8601 (UTC): the message's Expiration Time, or at most 7 days after the sign-in. */
  expiresAt: v.string(),
})
export type SiwxAccount = v.InferOutput<typeof siwxAccount>

/**
 * A session: the account signed in last (its fields at the top level), and every signed-in
 * account of the session, one per namespace, newest first (`accounts[0]` is the top level).
 */
export const siwxSession = v.object({
  ...siwxAccount.entries,
  accounts: v.array(siwxAccount),
})
export type SiwxSession = v.InferOutput<typeof siwxSession>
export const siwxSessionResponse = v.object({ session: siwxSession })
export type SiwxSessionResponse = v.InferOutput<typeof siwxSessionResponse>

// GET /v1/siwx/session, DELETE /v1/siwx/session
export const getSiwxSessionQuery = v.object({ ...sdkQueryEntries })
export type GetSiwxSessionQuery = v.InferInput<typeof getSiwxSessionQuery>
export const deleteSiwxSessionQuery = v.object({ ...sdkQueryEntries })
export type DeleteSiwxSessionQuery = v.InferInput<typeof deleteSiwxSessionQuery>

// POST /v1/siwx/revoke (the same as DELETE; `navigator.sendBeacon` can send it)
export const postSiwxRevokeQuery = v.object({ ...optionalSdkQueryEntries })
export type PostSiwxRevokeQuery = v.InferInput<typeof postSiwxRevokeQuery>
export const postSiwxRevokeBody = v.object({ projectId: v.optional(projectIdSchema) })
export type PostSiwxRevokeBody = v.InferInput<typeof postSiwxRevokeBody>

export const siwxRevokeResponse = v.object({
  /** Whether a session of this project was signed out (false: there was none). */
  revoked: v.boolean(),
})
export type SiwxRevokeResponse = v.InferOutput<typeof siwxRevokeResponse>
