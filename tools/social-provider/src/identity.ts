import { createHash } from 'node:crypto'
import type { SocialProviderId } from './types.ts'

/** Discord's epoch (2015-01-01T00:00:00Z), the origin of the timestamp in its snowflake ids. */
const discordEpoch = 1_420_070_400_000n
/** Subjects of the stand-in's Discord accounts look created between 2016 and 2024. */
const discordCreatedFrom = 1_451_606_400_000n
const discordCreatedSpan = 283_996_800_000n

/** The address as the stand-in compares it: trimmed and lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

function digest(provider: SocialProviderId, email: string): Buffer {
  return createHash('sha256')
    .update(`foyer-social-stand-in:${provider}:${normalizeEmail(email)}`)
    .digest()
}

function digits(value: bigint, length: number): string {
  return (value % 10n ** BigInt(length)).toString().padStart(length, '0')
}

/**
 * The user's id at `provider`, derived from the email alone: the same address always gets the same
 * subject, whichever browser or run of the stand-in it signs in from, and a different address a
 * different one. Shaped like the provider's own ids.
 */
export function subjectFor(provider: SocialProviderId, email: string): string {
  const hash = digest(provider, email)
  const big = BigInt(`0x${hash.toString('hex')}`)
  switch (provider) {
    case 'google':
      // Google: a decimal string of 21 digits, e.g. "110169484474386276334".
      return `1${digits(big, 20)}`
    case 'apple':
      // Apple: "<6 digits>.<32 hex>.<4 digits>", e.g. "001234.0a1b….1523".
      return `${digits(big >> 200n, 6)}.${hash.subarray(0, 16).toString('hex')}.${digits(big >> 100n, 4)}`
    case 'github':
      // GitHub: a JSON number; ids of real accounts are below 2^31.
      return String(10_000_000 + (hash.readUInt32BE(0) % 2_000_000_000))
    case 'x':
      // X: a 19-digit snowflake as a string.
      return `1${digits(big, 18)}`
    case 'facebook':
      // Facebook: an app-scoped id of 17 digits as a string.
      return `10${digits(big, 15)}`
    case 'discord': {
      // Discord: a snowflake, (milliseconds since its epoch << 22) | 22 more bits.
      const createdAt = discordCreatedFrom + (big % discordCreatedSpan)
      return (((createdAt - discordEpoch) << 22n) | ((big >> 64n) % (1n << 22n))).toString()
    }
  }
}

function localPart(email: string): string {
  const at = email.lastIndexOf('@')
  return (at === -1 ? email : email.slice(0, at)).trim()
}

/**
 * The handle the provider would show for an account made from this address: GitHub's login
 * (letters, digits and single hyphens, ≤ 39), X's username (letters, digits, `_`, ≤ 15), Discord's
 * username (lower case letters, digits, `_` and `.`, 2 to 32).
 */
export function usernameFor(provider: 'github' | 'x' | 'discord', email: string): string {
  const local = localPart(email)
  switch (provider) {
    case 'github': {
      const login = local
        .replace(/[^A-Za-z0-9-]+/g, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 39)
        .replace(/-$/, '')
      return login || 'user'
    }
    case 'x': {
      const username = local.replace(/[^A-Za-z0-9_]+/g, '_').slice(0, 15)
      return /[A-Za-z0-9]/.test(username) ? username : 'user'
    }
    case 'discord': {
      const username = local
        .toLowerCase()
        .replace(/[^a-z0-9_.]+/g, '_')
        .replace(/\.{2,}/g, '.')
        .slice(0, 32)
      return username.length >= 2 ? username : `${username || 'user'}_0`.slice(0, 32)
    }
  }
}

/** Apple splits the name its user gives into these two fields. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/)
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') }
}
