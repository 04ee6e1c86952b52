import {
  describeIssues,
  type RegisterNameAttributes,
  registerNameMessage,
  registerNameMessageMaxAgeMs,
} from '@foyer/protocol'
import * as v from 'valibot'
import { InvalidRegistrationMessageError, RegistrationMessageExpiredError } from './errors.ts'
import { parseRegistrableName, type RegistrableName } from './parseRegistrableName.ts'

export type RegistrationMessage = RegistrableName & {
  attributes: RegisterNameAttributes
  /** Unix milliseconds. */
  timestamp: number
}

export type ParseRegistrationMessageParameters = {
  /** The signed text. */
  message: string
  zone: string
  /** Unix milliseconds; default now. */
  now?: number | undefined
}

/**
 * Timestamps below this are Unix seconds (AppKit-style clients may send those); milliseconds
 * passed it in 1973.
 */
const secondsBelow = 100_000_000_000

/**
 * Reads the signed registration message (`{ name, attributes?, timestamp }` as JSON text), checks
 * its name against the zone's rules and its timestamp against the 10-minute window. The
 * signature is checked separately, over the exact text.
 */
export function parseRegistrationMessage(
  parameters: ParseRegistrationMessageParameters,
): RegistrationMessage {
  const { message, zone, now = Date.now() } = parameters
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    throw new InvalidRegistrationMessageError('it is not JSON')
  }
  const result = v.safeParse(registerNameMessage, json)
  if (!result.success)
    throw new InvalidRegistrationMessageError(describeIssues(result.issues).message)
  const { name, attributes = {}, timestamp } = result.output
  const registrable = parseRegistrableName(name, zone)
  const timestampMs = timestamp < secondsBelow ? timestamp * 1000 : timestamp
  if (Math.abs(now - timestampMs) > registerNameMessageMaxAgeMs)
    throw new RegistrationMessageExpiredError()
  return { ...registrable, attributes, timestamp: timestampMs }
}
