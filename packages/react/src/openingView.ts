import type { FoyerState, ResolvedFoyerConfig, View } from '@foyer/core'

/**
 * The view `open()` shows when given none (SPEC §2): Account when an address is connected,
 * UnsupportedChain when that address is on a network the app does not list, Connect otherwise.
 * Outside `./dialog/` so the entry chunk's loader can use it without the dialog's code.
 */
export function openingView(
  state: Pick<FoyerState, 'account' | 'unsupportedNetwork'>,
  config: Pick<ResolvedFoyerConfig, 'allowUnsupportedChain'>,
): View {
  if (state.account.address === undefined) return 'Connect'
  return state.unsupportedNetwork && !config.allowUnsupportedChain ? 'UnsupportedChain' : 'Account'
}
