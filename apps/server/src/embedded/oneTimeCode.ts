import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'

/** A one-time code is valid for 10 minutes (issue #6). */
export const oneTimeCodeLifetimeMs = 10 * 60_000
/** After 5 wrong tries the code is dead, even for the right digits. */
export const oneTimeCodeMaxAttempts = 5

/** Six uniformly random digits from the OS CSPRNG. */
export function createOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

export type HashOneTimeCodeParameters = {
  /** Server secret: a leaked database alone cannot brute-force the 10⁶ codes offline. */
  key: Uint8Array
  /** The project the code was issued under: it never works under another one. */
  projectId: string
  purpose: string
  email: string
  code: string
}

/** HMAC-SHA256 of the code bound to its project, purpose and email, hex. Only this is stored. */
export function hashOneTimeCode({
  key,
  projectId,
  purpose,
  email,
  code,
}: HashOneTimeCodeParameters): string {
  return createHmac('sha256', key)
    .update(`otp\0${projectId}\0${purpose}\0${email}\0${code}`)
    .digest('hex')
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}

/** SHA-256-style digest of a random bearer token (refresh token, approval link), keyed. */
export function hashToken(key: Uint8Array, token: string): string {
  return createHmac('sha256', key).update(`token\0${token}`).digest('hex')
}
