import { hasServer } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { isOriginAllowed } from '../utils/origin.ts'
import { getAllowedOrigins } from './getAllowedOrigins.ts'
import { getRemoteConfig } from './getRemoteConfig.ts'
import { showAlert } from './showAlert.ts'

export type LoadRemoteConfigReturnType = undefined

// Once per instance: the dialog calls this on its first render.
const loaded = new WeakSet<Foyer>()

/**
 * Reads the project's server settings when the dialog first opens (never at page load): its
 * features take effect (`getFeatures`), and a page whose origin the project does not allow shows
 * 'Unverified Domain' (SPEC §8). Failures leave the app's own settings in effect.
 */
export async function loadRemoteConfig(foyer: Foyer): Promise<LoadRemoteConfigReturnType> {
  if (loaded.has(foyer) || !hasServer(foyer)) return
  loaded.add(foyer)
  const [config, origins] = await Promise.all([
    getRemoteConfig(foyer),
    getAllowedOrigins(foyer).catch(() => undefined),
  ])
  if (config) foyer.store.setState({ remoteFeatures: config.features })
  else loaded.delete(foyer) // ask again on the next open
  const origin = typeof window === 'undefined' ? undefined : window.location?.origin
  if (origin && origins && origins.length > 0 && !isOriginAllowed(origin, origins))
    showAlert(foyer, { code: 'UNVERIFIED_DOMAIN' })
}
