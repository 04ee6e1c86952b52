import type { NameSuggestion } from '@foyer/protocol'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { NameSuggestionsError, type NamesNotSupportedError } from '../names/errors.ts'
import { getNameZone } from './getNameZone.ts'

export type GetNameSuggestionsParameters = {
  /** The label typed (`alice`) or a full name of the zone. */
  name: string
  signal?: AbortSignal | undefined
}
export type GetNameSuggestionsReturnType = readonly NameSuggestion[]
export type GetNameSuggestionsErrorType = NameSuggestionsError | NamesNotSupportedError

/** The typed name with whether it is taken, then free variants of it, in the server's zone. */
export async function getNameSuggestions(
  foyer: Foyer,
  parameters: GetNameSuggestionsParameters,
): Promise<GetNameSuggestionsReturnType> {
  const zone = await getNameZone(foyer)
  try {
    const { suggestions } = await getApiClient(foyer).request('getProfileSuggestions', {
      params: { name: parameters.name.trim().toLowerCase() },
      query: { zone },
      signal: parameters.signal,
    })
    return suggestions
  } catch (error) {
    if (parameters.signal?.aborted) throw error
    throw new NameSuggestionsError({ cause: error })
  }
}
