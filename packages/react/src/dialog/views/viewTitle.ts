import type { Connector, View, ViewData } from '@foyer/core'
import type { Translate } from '../../i18n/createTranslator.ts'

/** The header title of a view; ConnectingExternal is titled with the wallet's name. */
export function viewTitle(
  view: View,
  data: ViewData | undefined,
  connectors: readonly Connector[],
  t: Translate,
): string {
  switch (view) {
    case 'Connect':
      return t('view.Connect.title')
    case 'AllWallets':
      return t('view.AllWallets.title')
    case 'ConnectingExternal': {
      const connector = connectors.find((candidate) => candidate.id === data?.connectorId)
      return t('view.ConnectingExternal.title', { name: connector?.name ?? '' })
    }
    case 'Account':
      return t('view.Account.title')
    case 'SwitchNetwork':
      return t('view.SwitchNetwork.title')
    case 'UnsupportedChain':
      return t('view.UnsupportedChain.title')
    default:
      return t('dialog.notAvailable.title')
  }
}
