import type { Foyer } from '../createFoyer.ts'
import type { Features } from '../types/config.ts'
import type { FoyerState } from '../types/state.ts'
import { resolveFeatures, visitorTimeZone } from '../utils/resolveFeatures.ts'

export type GetFeaturesReturnType = Features

/**
 * The features in effect now: the app's `features`, the project's server settings once
 * `loadRemoteConfig` has read them, and SPEC §6's restricted time zones.
 */
export function getFeatures(
  foyer: Foyer,
  state: FoyerState = foyer.getState(),
): GetFeaturesReturnType {
  return resolveFeatures({
    appFeatures: foyer.config.appFeatures,
    remoteFeatures: state.remoteFeatures,
    timeZone: visitorTimeZone(),
  })
}
