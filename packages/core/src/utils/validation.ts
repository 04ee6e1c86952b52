const HEX_40 = /^(0x)?[0-9a-fA-F]{40}$/
const BASE58_32_44 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/
const ACCOUNT_NAME = /^[a-zA-Z0-9-]{4,}$/
// Practical email check (HTML living standard's valid e-mail address).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** 40 hex characters with an optional `0x` prefix (SPEC §5). */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && HEX_40.test(value)
}

/** 32 to 44 base58 characters (SPEC §5). */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && BASE58_32_44.test(value)
}

/** `0x` plus 64 hex characters. */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/** `0x` plus at least 62 hex characters. */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value)
}

/** At least 4 characters from letters, digits, hyphen (SPEC §5). */
export function isValidAccountName(value: unknown): value is string {
  return typeof value === 'string' && ACCOUNT_NAME.test(value)
}

/** Batched-send call targets must be 0x-prefixed addresses (SPEC §5). */
export function isCallTarget(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && value.startsWith('0x') && HEX_40.test(value)
}
