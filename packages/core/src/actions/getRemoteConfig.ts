import type { GetConfigResponse } from '@foyer/protocol'
import { getApiClient, hasServer } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'

export type GetRemoteConfigReturnType = GetConfigResponse | undefined

// One answer per instance (SPEC §9 caches it for the page's life); a failure is asked again.
const configs = new WeakMap<Foyer, Promise<GetRemoteConfigReturnType>>()

/**
 * The project's configuration on its Foyer server (`/appkit/v1/config`): the features the
 * operator allows, the social logins it can run, the zone names are registered in. Asked once per
 * instance, when a view first needs it (never at page load); `undefined` without a server or when
 * it does not answer.
 */
export function getRemoteConfig(foyer: Foyer): Promise<GetRemoteConfigReturnType> {
  if (!hasServer(foyer)) return Promise.resolve(undefined)
  let answer = configs.get(foyer)
  if (!answer) {
    answer = getApiClient(foyer)
      .request('getConfig')
      .catch(() => {
        configs.delete(foyer)
        return undefined
      })
    configs.set(foyer, answer)
  }
  return answer
}
