import { hasServer } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { isEmbeddedAuthConnector } from '../embedded/types.ts'
import type { SocialOption } from '../types/config.ts'
import { getFeatures } from './getFeatures.ts'
import { getRemoteConfig } from './getRemoteConfig.ts'

export type GetSocialLoginsReturnType = readonly SocialOption[]

/**
 * The social logins to offer, in the app's order (`features.socials`): those the project's server
 * says it can run (`/appkit/v1/config`, asked when the Connect view first shows, never at page
 * load), and none without an embedded wallet. A server that does not answer offers none: a
 * button that cannot work is not shown.
 */
export async function getSocialLogins(foyer: Foyer): Promise<GetSocialLoginsReturnType> {
  const wanted = getFeatures(foyer).socials
  if (!wanted || wanted.length === 0) return []
  if (!foyer.getState().connectors.some(isEmbeddedAuthConnector) || !hasServer(foyer)) return []
  const config = await getRemoteConfig(foyer)
  const available = new Set<string>(config?.features.socials ?? [])
  return wanted.filter((social) => available.has(social))
}
