import type { ProjectFeatures } from '@foyer/protocol'
import { DEFAULT_FEATURES } from '../defaults.ts'
import type { Features } from '../types/config.ts'
import { combineFeature } from './combineFeature.ts'

/** SPEC §6: time zones where buying and swapping crypto are not offered. */
export const RESTRICTED_TIME_ZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
]

/** The features SPEC §6's restricted time zones turn off. */
export const REGION_RESTRICTED_FEATURES = ['onramp', 'swaps'] as const

export type ResolveFeaturesParameters = {
  /** What the app passed to `createFoyer` (only the keys it set). */
  appFeatures: Partial<Features>
  /** The project's features on its server, once read. */
  remoteFeatures?: ProjectFeatures | undefined
  /** The visitor's IANA time zone. */
  timeZone?: string | undefined
}

const remoteKeys = [
  'email',
  'swaps',
  'onramp',
  'activity',
  'multiWallet',
  'branding',
  'analytics',
] as const

/**
 * The features in effect. The project's server settings replace the defaults for what the app
 * left unset, and can turn off what the app turned on (an operator's "off" wins), never the
 * reverse. Social logins are the app's list filtered by the server's. In a restricted time zone
 * (SPEC §6) on-ramp and swaps are off.
 */
export function resolveFeatures(parameters: ResolveFeaturesParameters): Features {
  const { appFeatures, remoteFeatures, timeZone } = parameters
  const features: Features = { ...DEFAULT_FEATURES, ...appFeatures }
  if (remoteFeatures) {
    for (const key of remoteKeys)
      features[key] = combineFeature(appFeatures[key], remoteFeatures[key], DEFAULT_FEATURES[key])
    if (features.socials) {
      const allowed = new Set<string>(remoteFeatures.socials)
      features.socials = features.socials.filter((social) => allowed.has(social))
    }
  }
  if (timeZone && RESTRICTED_TIME_ZONES.includes(timeZone))
    for (const key of REGION_RESTRICTED_FEATURES) features[key] = false
  return features
}

// A fact of the environment, the same for every instance on the page (not instance state).
const unread = Symbol('unread')
let timeZone: string | undefined | typeof unread = unread

/**
 * The visitor's IANA time zone, or undefined where `Intl` cannot tell (a server render). Read once
 * per page: making a `DateTimeFormat` costs milliseconds, and every render of the dialog asks.
 */
export function visitorTimeZone(): string | undefined {
  if (timeZone === unread) {
    try {
      timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    } catch {
      timeZone = undefined
    }
  }
  return timeZone
}
