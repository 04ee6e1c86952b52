import {
  getConnectedEmbeddedConnector,
  getNameZone,
  loadProfile,
  navigate,
  SOCIAL_DISPLAY_NAME_MAX_LENGTH,
  shortenAddress,
  shortenDisplayName,
  showToast,
} from '@foyer/core'
import { useEffect, useState } from 'react'
import { identiconUrl } from '../../components/Identicon.tsx'
import { useAccount } from '../../hooks/useAccount.ts'
import { useBalance } from '../../hooks/useBalance.ts'
import { useDisconnect } from '../../hooks/useDisconnect.ts'
import { useFeatures } from '../../hooks/useFeatures.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { addressLabel } from '../../utils/addressLabel.ts'
import { errorText } from '../components/NetworkList.tsx'
import { socialMarks } from '../components/socialMarks.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { AccountSwitcher } from './account/AccountSwitcher.tsx'
import { AccountTabs } from './account/AccountTabs.tsx'
import { AccountTypeSwitch } from './account/AccountTypeSwitch.tsx'
import { SignInStatus } from './account/SignInStatus.tsx'
import { WalletFeatureButtons } from './account/WalletFeatureButtons.tsx'
import { UpdateEmailButton } from './email/UpdateEmailButton.tsx'
import { WalletSecurity } from './email/WalletSecurity.tsx'

/**
 * The connected account: name, label or address (and the wallet's other accounts), balance, the
 * wallet features (send, receive, …), the Tokens/NFTs/Activity tabs, then network, copy address,
 * the connected wallets (with `features.multiWallet`) and disconnect.
 */
export default function Account() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { address, profileName, profileImage } = useAccount()
  const { balance, symbol, isLoading } = useBalance()
  const { network, isUnsupported } = useNetwork()
  const { disconnect, isPending: isDisconnecting, error: disconnectError } = useDisconnect()
  const canChooseName = useCanChooseName(address, network.chainNamespace, profileName)
  const { multiWallet, smartSessions } = useFeatures()
  const isSmartAccount = useFoyerState(
    (state) =>
      state.account.user?.accounts.find((account) => account.address === state.account.address)
        ?.type === 'smartAccount',
  )
  const labels = useFoyerState((state) => state.account.addressLabels)
  // The wallet is still connected but out of reach (WalletConnect's relay): say so until it is back.
  const reconnecting = useFoyerState((state) => {
    const connectorId = state.account.connectedWalletInfo?.connectorId
    return connectorId !== undefined && state.reconnectingConnectors.includes(connectorId)
  })

  if (!address) return null
  const name = profileName ?? addressLabel(labels, address) ?? shortenAddress(address)
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
      {/* The account's picture: its profile's, else its identicon (never an empty square). */}
      <WalletIcon src={profileImage ?? identiconUrl(address)} size="large" />
      <p className="foyer-strong" title={address} dir="ltr" data-foyer-account="">
        {name}
      </p>
      <AccountSwitcher />
      {/* Always present, so screen readers announce the text when it appears. */}
      <div role="status" aria-live="polite">
        {reconnecting ? (
          <p className="foyer-notice" data-foyer-wallet-reconnecting="">
            {t('account.walletReconnecting')}
          </p>
        ) : null}
      </div>
      {canChooseName ? (
        <button
          type="button"
          className="foyer-link-button"
          data-foyer-choose-name=""
          onClick={() => navigate(foyer, { view: 'RegisterAccountName' })}
        >
          {t('account.chooseName')}
        </button>
      ) : null}
      <AccountTypeSwitch />
      <SignInStatus />
      {loggedInWith ? (
        <p className="foyer-muted" data-foyer-login-identity="">
          {loggedInWith}
        </p>
      ) : null}
      <p className="foyer-muted" aria-busy={isLoading || undefined}>
        <span className="foyer-visually-hidden">{t('account.balance')} </span>
        <span dir="ltr" data-foyer-balance="">
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
        {multiWallet ? (
          <button
            type="button"
            className="foyer-list-item"
            data-foyer-wallets=""
            onClick={() => navigate(foyer, { view: 'ProfileWallets' })}
          >
            <span className="foyer-list-item-label">{t('account.wallets')}</span>
          </button>
        ) : null}
        {smartSessions && isSmartAccount ? (
          <button
            type="button"
            className="foyer-list-item"
            data-foyer-manage-sessions=""
            onClick={() => navigate(foyer, { view: 'SmartSessions' })}
          >
            <span className="foyer-list-item-label">{t('account.manageSessions')}</span>
          </button>
        ) : null}
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

/**
 * Reads the account's name and avatar (SPEC §3 profileName, profileImage; cached 5 minutes) and
 * whether to offer "Choose a name": on EVM (SPEC §6), when the address has none and the server
 * registers names.
 */
function useCanChooseName(
  address: string | undefined,
  namespace: string,
  profileName: string | undefined,
): boolean {
  const foyer = useFoyer()
  const [zone, setZone] = useState<string>()
  useEffect(() => {
    if (!address || namespace !== 'eip155') return
    const controller = new AbortController()
    loadProfile(foyer, { signal: controller.signal }).catch(() => {
      // Without a name the account shows its address.
    })
    getNameZone(foyer)
      .then((found) => {
        if (!controller.signal.aborted) setZone(found)
      })
      .catch(() => setZone(undefined))
    return () => controller.abort()
  }, [foyer, address, namespace])
  return Boolean(address && namespace === 'eip155' && zone && !profileName)
}
