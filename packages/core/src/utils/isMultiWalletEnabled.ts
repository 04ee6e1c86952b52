import type { Foyer } from '../createFoyer.ts'
import type { FoyerState } from '../types/state.ts'
import { combineFeature } from './combineFeature.ts'

/**
 * Whether several wallets may be connected at once (SPEC §6 `multiWallet`, off by default): the
 * app's setting, with the project's server setting once read. Kept apart from `getFeatures` so
 * the connection code (in every page's first load) carries no more than this.
 */
export function isMultiWalletEnabled(foyer: Foyer, state: FoyerState = foyer.getState()): boolean {
  return combineFeature(
    foyer.config.appFeatures.multiWallet,
    state.remoteFeatures?.multiWallet,
    foyer.config.features.multiWallet,
  )
}
