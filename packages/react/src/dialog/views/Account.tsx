import {
  getConnectedEmbeddedConnector,
  navigate,
  SOCIAL_DISPLAY_NAME_MAX_LENGTH,
  shortenAddress,
  shortenDisplayName,
  showToast,
} from '@foyer/core'
import { useAccount } from '../../hooks/useAccount.ts'
import { useBalance } from '../../hooks/useBalance.ts'
import { useDisconnect } from '../../hooks/useDisconnect.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { useWalletInfo } from '../../hooks/useWalletInfo.ts'
import { errorText } from '../components/NetworkList.tsx'
import { socialMarks } from '../components/socialMarks.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { AccountTabs } from './account/AccountTabs.tsx'
import { WalletFeatureButtons } from './account/WalletFeatureButtons.tsx'
import { UpdateEmailButton } from './email/UpdateEmailButton.tsx'
import { WalletSecurity } from './email/WalletSecurity.tsx'

/**
 * The connected account: name or address, balance, the wallet features (send, receive, …), the
 * Tokens/NFTs/Activity tabs, then network, copy address and disconnect.
 */
export default function Account() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { address, profileName, profileImage } = useAccount()
  const { balance, symbol, isLoading } = useBalance()
  const { network, isUnsupported } = useNetwork()
  const { walletInfo } = useWalletInfo()
  const { disconnect, isPending: isDisconnecting, error: disconnectError } = useDisconnect()

  if (!address) return null
  const name = profileName ?? shortenAddress(address)
  // How the visitor logged in to the embedded wallet: a provider and its display name.
  const identity = getConnectedEmbeddedConnector(foyer)?.getLoginIdentity()
  const loggedInWith =
    identity?.socialProvider && identity.userName
      ? t('account.loggedInWith', {
          provider: socialMarks[identity.socialProvider].name,
          name: shortenDisplayName(identity.userName, SOCIAL_DISPLAY_NAME_MAX_LENGTH),
        })
      : undefined

  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(address)
      void showToast(foyer, { variant: 'success', message: t('account.copied') })
    } catch {
      void showToast(foyer, { variant: 'error', message: t('account.copyFailed') })
    }
  }

  return (
    <div className="foyer-center">
      <WalletIcon src={profileImage ?? walletInfo?.icon} size="large" />
      <p className="foyer-strong" title={address} data-foyer-account="">
        {name}
      </p>
      {loggedInWith ? (
        <p className="foyer-muted" data-foyer-login-identity="">
          {loggedInWith}
        </p>
      ) : null}
      <p className="foyer-muted" aria-busy={isLoading || undefined}>
        <span className="foyer-visually-hidden">{t('account.balance')} </span>
        <span data-foyer-balance="">
          {balance !== undefined && symbol !== undefined ? `${balance} ${symbol}` : '—'}
        </span>
      </p>
      <WalletFeatureButtons />
      <AccountTabs />
      <div className="foyer-actions">
        <button type="button" className="foyer-list-item" onClick={() => void copyAddress()}>
          <span className="foyer-list-item-label">{t('account.copyAddress')}</span>
        </button>
        <button
          type="button"
          className="foyer-list-item"
          onClick={() =>
            navigate(foyer, { view: isUnsupported ? 'UnsupportedChain' : 'SwitchNetwork' })
          }
        >
          <span className="foyer-visually-hidden">{t('account.network')} </span>
          <span className="foyer-list-item-label">
            {isUnsupported ? t('networkButton.unknown') : network.name}
          </span>
        </button>
        <UpdateEmailButton />
        <WalletSecurity />
        <button
          type="button"
          className="foyer-list-item"
          disabled={isDisconnecting}
          onClick={() => disconnect()}
        >
          <span className="foyer-list-item-label">{t('account.disconnect')}</span>
        </button>
        {disconnectError ? (
          <p className="foyer-error-text" role="alert">
            {errorText(disconnectError, t)}
          </p>
        ) : null}
      </div>
    </div>
  )
}
