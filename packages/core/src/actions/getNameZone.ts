import type { Foyer } from '../createFoyer.ts'
import { NamesNotSupportedError } from '../names/errors.ts'
import { getRemoteConfig } from './getRemoteConfig.ts'

export type GetNameZoneReturnType = string
export type GetNameZoneErrorType = NamesNotSupportedError

/** The zone names are registered under (`foyer.eth`), from the project's config on the server. */
export async function getNameZone(foyer: Foyer): Promise<GetNameZoneReturnType> {
  const zone = (await getRemoteConfig(foyer))?.names?.zone
  if (!zone) throw new NamesNotSupportedError()
  return zone
}
