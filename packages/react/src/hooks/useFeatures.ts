import { type Features, getFeatures } from '@foyer/core'
import { useFoyer } from './useFoyer.ts'
import { useFoyerState } from './useFoyerState.ts'

/**
 * The features in effect: the app's, the project's server settings once read (when the dialog
 * first opens), and SPEC §6's restricted time zones. Re-renders when the server's answer arrives.
 */
export function useFeatures(): Features {
  const foyer = useFoyer()
  const remoteFeatures = useFoyerState((state) => state.remoteFeatures)
  return getFeatures(foyer, { ...foyer.getState(), remoteFeatures })
}
