import { siwxClockSkewMs } from '@foyer/protocol'
import { SignInExpiredError, SignInNotYetValidError } from './errors.ts'
import type { SignInMessage } from './parseSignInMessage.ts'

/**
 * The message's validity window at `now`: its Expiration Time has not passed, and neither
 * Issued At nor Not Before is further in the future than a small clock skew (a minute: the
 * visitor's clock may run a little ahead). Throws `SignInExpiredError` / `SignInNotYetValidError`.
 */
export function checkSignInTimes(
  message: Pick<SignInMessage, 'issuedAt' | 'expirationTime' | 'notBefore'>,
  now: number,
): void {
  if (message.expirationTime && message.expirationTime.getTime() <= now)
    throw new SignInExpiredError(message.expirationTime)
  if (message.issuedAt.getTime() > now + siwxClockSkewMs)
    throw new SignInNotYetValidError('Issued At', message.issuedAt)
  if (message.notBefore && message.notBefore.getTime() > now + siwxClockSkewMs)
    throw new SignInNotYetValidError('Not Before', message.notBefore)
}
