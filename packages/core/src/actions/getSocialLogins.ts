import { getApiClient, hasServer } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { isEmbeddedAuthConnector } from '../embedded/types.ts'
import type { SocialOption } from '../types/config.ts'

export type GetSocialLoginsReturnType = readonly SocialOption[]

// One answer per instance (asked when the Connect view first shows, never at page load).
const offered = new WeakMap<Foyer, Promise<ReadonlySet<string>>>()

/**
 * The social logins to offer, in the app's order (`features.socials`): those the project's server
 * says it can run (`/appkit/v1/config`), and none without an embedded wallet. A server that does
 * not answer offers none: a button that cannot work is not shown.
 */
export async function getSocialLogins(foyer: Foyer): Promise<GetSocialLoginsReturnType> {
  const wanted = foyer.config.features.socials
  if (!wanted || wanted.length === 0) return []
  if (!foyer.getState().connectors.some(isEmbeddedAuthConnector) || !hasServer(foyer)) return []
  let answer = offered.get(foyer)
  if (!answer) {
    answer = getApiClient(foyer)
      .request('getConfig')
      .then(({ features }) => new Set<string>(features.socials))
      .catch(() => {
        offered.delete(foyer) // ask again next time
        return new Set<string>()
      })
    offered.set(foyer, answer)
  }
  const available = await answer
  return wanted.filter((social) => available.has(social))
}
