import * as v from 'valibot'

export const hexSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/)) as v.GenericSchema<
  `0x${string}`,
  `0x${string}`
>
export const evmAddressSchema = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{40}$/),
) as v.GenericSchema<`0x${string}`, `0x${string}`>
export const solanaAddressSchema = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))
export const emailSchema = v.pipe(v.string(), v.trim(), v.email())
export const otpSchema = v.pipe(v.string(), v.regex(/^\d{6}$/))
export const deviceIdSchema = v.pipe(v.string(), v.minLength(8), v.maxLength(128))

/** The OAuth 2.0 / OpenID Connect providers of social login (SPEC §5). */
export const socialProviderSchema = v.picklist([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
])
/** Every login that makes an account by a provider's identity: social ones and Farcaster. */
export const loginProviderSchema = v.picklist([...socialProviderSchema.options, 'farcaster'])
/** An app's origin as the browser reports it (`https://app.example`). */
export const originSchema = v.pipe(v.string(), v.maxLength(300), v.regex(/^https?:\/\/[^/?#\s]+$/))

export const walletAddressesSchema = v.object({
  eip155: evmAddressSchema,
  solana: solanaAddressSchema,
})

export const sealedBoxSchema = v.object({
  version: v.literal(1),
  ephemeralPublicKey: hexSchema,
  iv: hexSchema,
  ciphertext: hexSchema,
})

/** AES-256-GCM ciphertext under a key the server never holds (hex). */
export const encryptedBlobSchema = v.object({
  version: v.literal(1),
  iv: hexSchema,
  ciphertext: hexSchema,
})

/**
 * The wallet's recovery key wrapped by one of the visitor's factors. `kdf` says how the wrapping
 * key is derived from the factor: scrypt over a recovery password, or HKDF over a passkey's PRF
 * output. Opaque to the server: without the factor nothing in it opens.
 */
export const wrappedKeySchema = v.object({
  version: v.literal(1),
  kdf: v.variant('name', [
    v.object({
      name: v.literal('scrypt'),
      salt: hexSchema,
      N: v.pipe(v.number(), v.integer(), v.minValue(2)),
      r: v.pipe(v.number(), v.integer(), v.minValue(1)),
      p: v.pipe(v.number(), v.integer(), v.minValue(1)),
    }),
    v.object({ name: v.literal('hkdf-prf'), salt: hexSchema }),
  ]),
  iv: hexSchema,
  ciphertext: hexSchema,
})

export const recoveryMethodKindSchema = v.picklist(['password', 'passkey'])

export const recoveryMethodSchema = v.object({
  id: v.string(),
  kind: recoveryMethodKindSchema,
  wrappedKey: wrappedKeySchema,
  /** base64url WebAuthn credential id (passkeys only). */
  credentialId: v.optional(v.pipe(v.string(), v.maxLength(1024))),
  createdAt: v.string(),
})
