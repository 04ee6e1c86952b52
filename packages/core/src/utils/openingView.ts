import type { ResolvedFoyerConfig } from '../createFoyer.ts'
import type { FoyerState } from '../types/state.ts'
import type { View } from '../views.ts'

/**
 * The view `open()` shows when given none (SPEC §2): Account when an address is connected,
 * UnsupportedChain when that address is on a network the app does not list, Connect otherwise.
 * The dialog rendered ahead while closed, and its loader, show the same.
 */
export function openingView(
  state: Pick<FoyerState, 'account' | 'unsupportedNetwork'>,
  config: Pick<ResolvedFoyerConfig, 'allowUnsupportedChain'>,
): View {
  if (state.account.address === undefined) return 'Connect'
  return state.unsupportedNetwork && !config.allowUnsupportedChain ? 'UnsupportedChain' : 'Account'
}
