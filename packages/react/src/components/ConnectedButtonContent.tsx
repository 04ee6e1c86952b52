import type { Translate } from '../i18n/createTranslator.ts'
import type { ConnectButtonAccount, ConnectButtonChain } from './ConnectButtonCustom.tsx'
import { SurfaceStyles } from './surfaceStyles.tsx'

export type ConnectedButtonContentProps = {
  account: ConnectButtonAccount
  chain: ConnectButtonChain | undefined
  wrongNetwork: boolean
  showBalance: boolean
  showNetwork: boolean
  showAvatar: boolean
  unstyled: boolean
  t: Translate
  /** The provider's CSP nonce, for the stylesheet. */
  nonce: string | undefined
}

/**
 * What the connect button shows once connected: 'Wrong network' with a warning sign, or the
 * network's mark, the balance, the avatar and the name. Unstyled: the name and the balance only.
 * Loaded with the rest of the connected parts, inside the button the page already shows.
 */
export function ConnectedButtonContent({
  account,
  chain,
  wrongNetwork,
  showBalance,
  showNetwork,
  showAvatar,
  unstyled,
  t,
  nonce,
}: ConnectedButtonContentProps) {
  if (wrongNetwork)
    return (
      <>
        {unstyled ? null : (
          <>
            <SurfaceStyles nonce={nonce} />
            <WarningIcon />
          </>
        )}
        {t('connectButton.wrongNetwork')}
      </>
    )
  const balance =
    showBalance && account.displayBalance ? (
      <span data-foyer-balance="">{account.displayBalance}</span>
    ) : null
  const name = (
    <span data-foyer-account="" title={account.address}>
      {account.displayName}
    </span>
  )
  if (unstyled)
    return (
      <>
        {name}
        {balance ? <> {balance}</> : null}
      </>
    )
  return (
    <>
      <SurfaceStyles nonce={nonce} />
      {showNetwork && chain?.iconUrl ? (
        <img src={chain.iconUrl} alt={chain.name} width={20} height={20} />
      ) : null}
      {balance}
      {showAvatar ? <img src={account.avatarUrl} alt="" width={20} height={20} /> : null}
      {name}
    </>
  )
}

/** A warning sign, for a wallet on a network the app does not list. */
export function WarningIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        d="M8 1.8 15 14H1zM8 6v3.5m0 2v.5"
      />
    </svg>
  )
}
