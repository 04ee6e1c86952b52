import type { Connector, View, ViewData } from '@foyer/core'
import type { Translate } from '../../i18n/createTranslator.ts'
import { socialMarks } from '../components/socialMarks.ts'

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
    case 'ConnectingMultiChain': {
      // Titled with the wallet's name, as ConnectingExternal is.
      const ids = Array.isArray(data?.connectorIds) ? (data.connectorIds as unknown[]) : []
      const connector = connectors.find((candidate) => ids.includes(candidate.id))
      return t('view.ConnectingMultiChain.title', { name: connector?.name ?? '' })
    }
    case 'Account':
      return t('view.Account.title')
    case 'SmartSessions':
      return t('view.SmartSessions.title')
    case 'ProfileWallets':
      return t('view.ProfileWallets.title')
    case 'SwitchNetwork':
      return t('view.SwitchNetwork.title')
    case 'UnsupportedChain':
      return t('view.UnsupportedChain.title')
    case 'SwitchActiveChain':
      return t('view.SwitchActiveChain.title', { name: data?.network?.name ?? '' })
    case 'ConnectingWalletConnect': {
      const wallet = data?.wallet as { name?: unknown } | undefined
      return t('view.ConnectingWalletConnect.title', {
        name: typeof wallet?.name === 'string' ? wallet.name : 'WalletConnect',
      })
    }
    case 'ConnectingWalletConnectBasic':
      return t('view.ConnectingWalletConnectBasic.title')
    case 'Send':
      return t('view.Send.title')
    case 'Receive':
      return t('view.Receive.title')
    case 'EmailLogin':
      return t('view.EmailLogin.title')
    case 'EmailVerifyDevice':
      return t('view.EmailVerifyDevice.title')
    case 'EmailVerifyOtp':
      return t('view.EmailVerifyOtp.title')
    case 'UpdateEmailWallet':
      return t('view.UpdateEmailWallet.title')
    case 'ConnectingSocial': {
      const provider = data?.socialProvider
      return t('view.ConnectingSocial.title', { name: provider ? socialMarks[provider].name : '' })
    }
    case 'ConnectingFarcaster':
      return t('view.ConnectingFarcaster.title')
    case 'Swap':
      return t('view.Swap.title')
    case 'OnRamp':
      return t('view.OnRamp.title')
    case 'RegisterAccountName':
      return t('view.RegisterAccountName.title')
    case 'RegisterAccountNameSuccess':
      return t('view.RegisterAccountNameSuccess.title')
    default:
      return t('dialog.notAvailable.title')
  }
}
