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
