import { EMAIL_LOGIN_COOLDOWN_MS } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'
import { EmailLoginCooldownError } from './errors.ts'

// Per instance, keyed weakly: two Foyer instances on one page keep their own cooldowns.
const lastEmailLoginAt = new WeakMap<Foyer, number>()

/** Throws 'Please try again after {n} seconds' within 30 s of the last email login. */
export function assertEmailLoginAllowed(foyer: Foyer, now = Date.now()): void {
  const last = lastEmailLoginAt.get(foyer)
  if (last === undefined) return
  const remaining = last + EMAIL_LOGIN_COOLDOWN_MS - now
  if (remaining > 0)
    throw new EmailLoginCooldownError({ retryAfterSeconds: Math.ceil(remaining / 1000) })
}

export function recordEmailLogin(foyer: Foyer, now = Date.now()): void {
  lastEmailLoginAt.set(foyer, now)
}

/** Clears the last-login time (after an email change, SPEC §4). */
export function clearEmailLogin(foyer: Foyer): void {
  lastEmailLoginAt.delete(foyer)
}
