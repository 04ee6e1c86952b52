import type { CaipNetwork } from '@foyer/core'
import { NetworkIcon } from '../../components/NetworkIcon.tsx'
import { useAccount } from '../../hooks/useAccount.ts'
import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { useSwitchNetwork } from '../../hooks/useSwitchNetwork.ts'
import type { Translate } from '../../i18n/createTranslator.ts'
import type { MessageKey } from '../../i18n/en.ts'
import type { MessageValues } from '../../i18n/formatMessage.ts'
import { onListKeyDown } from '../listKeyboard.ts'

export type NetworkListProps = {
  /** Whether to mark the active network as current (not on UnsupportedChain, where it is not). */
  markCurrent: boolean
}

/**
 * The configured networks as buttons. Picking one asks the wallet to switch; core then leaves
 * the view on success. Shows the pending switch and its error in place.
 */
export function NetworkList({ markCurrent }: NetworkListProps) {
  const { t } = useFoyerContext()
  const { network: activeNetwork, networks, isUnsupported } = useNetwork()
  // Without a wallet the active network is only the app's choice, not a connection.
  const { isConnected } = useAccount()
  const { switchNetwork, isPending, error, variablesCaipNetworkId } = useSwitchNetwork()
  const target = networks.find((network) => network.caipNetworkId === variablesCaipNetworkId)

  return (
    <>
      <ul className="foyer-list" onKeyDown={onListKeyDown}>
        {networks.map((network: CaipNetwork) => {
          // On a network the app does not list, the active one is only the last supported one.
          const isCurrent =
            markCurrent && !isUnsupported && network.caipNetworkId === activeNetwork.caipNetworkId
          const isSwitching = isPending && network.caipNetworkId === variablesCaipNetworkId
          return (
            <li key={network.caipNetworkId}>
              <button
                type="button"
                className="foyer-list-item"
                data-foyer-item=""
                aria-current={isCurrent ? 'true' : undefined}
                aria-busy={isSwitching || undefined}
                disabled={isPending}
                onClick={() => {
                  if (!isCurrent) switchNetwork({ network })
                }}
              >
                <NetworkIcon network={network} size={24} alt="" className="foyer-chain-icon" />
                <span className="foyer-list-item-label">{network.name}</span>
                {network.testnet ? (
                  <span className="foyer-tag">{t('switchNetwork.testnet')}</span>
                ) : null}
                {isCurrent ? (
                  <span className="foyer-tag">
                    {t(isConnected ? 'switchNetwork.current' : 'switchNetwork.selected')}
                  </span>
                ) : null}
                {isSwitching ? (
                  <span className="foyer-spinner foyer-spinner-small" aria-hidden="true" />
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
      <div role="status" aria-live="polite" className="foyer-center">
        {isPending ? <p className="foyer-muted">{t('switchNetwork.approve')}</p> : null}
        {error && target ? (
          <>
            <p className="foyer-error-text">{t('switchNetwork.failed', { name: target.name })}</p>
            <p className="foyer-muted">{errorText(error, t)}</p>
          </>
        ) : null}
      </div>
    </>
  )
}

// The error texts live in this module because every view that shows an error loads it already: a
// module of their own would be one more chunk shared by the views and would re-split the chunks
// of the button page (its size budget).

/**
 * The catalog entry of each Foyer error the dialog can show, by the error's `name` (its class:
 * names survive bundling and duplicated packages where `instanceof` may not). Errors of several
 * packages that carry the same text share an entry.
 */
const errorMessageKeys: Readonly<Record<string, MessageKey>> = {
  ConnectionClosedError: 'error.modalClosed',
  UserRejectedRequestError: 'error.connectionRejected',
  ConnectionFailedError: 'error.connectionFailed',
  WalletConnectInitError: 'error.connectionFailed',
  DisconnectFailedError: 'error.disconnectFailed',
  PopupClosedError: 'error.popupClosed',
  SocialConnectionInitError: 'error.socialInitFailed',
  FarcasterConnectionError: 'error.farcasterFailed',
  SwapNetworkNotSupportedError: 'error.swapNetworkNotSupported',
  SwapQuoteUnavailableError: 'error.swapQuoteUnavailable',
  InvalidSwapAmountError: 'error.invalidSwapAmount',
  ResolveNameError: 'error.resolveName',
  NameSuggestionsError: 'error.nameSuggestions',
  NamesForAddressError: 'error.namesForAddress',
  RegisterNameError: 'error.registerName',
  InvalidOnRampAmountError: 'error.invalidOnRampAmount',
  OnRampQuoteUnavailableError: 'error.onRampQuoteUnavailable',
  OnRampCheckoutError: 'error.onRampCheckout',
  OnRampNetworkNotSupportedError: 'error.onRampNetworkNotSupported',
  NoAuthConnectorError: 'error.noAuthConnector',
  NotConnectedToEmailError: 'error.notConnectedToEmail',
  ConnectorNotFoundError: 'error.connectorNotFound',
  InvalidConnectionStatusError: 'error.invalidConnectionStatus',
  NotConnectedError: 'error.notConnected',
  AccountNotConnectedError: 'error.notConnected',
  SessionNotFoundError: 'error.notConnected',
  NoAddressError: 'error.notConnected',
  MultiWalletNotEnabledError: 'error.multiWalletNotEnabled',
  SwitchNetworkRejectedError: 'error.networkSwitchRejected',
  UnsupportedChainError: 'error.unsupportedChain',
  NetworkNotFoundError: 'error.networkNotFound',
  SwitchNetworkError: 'error.switchNetworkFailed',
  BalanceUnavailableError: 'error.balanceUnavailable',
  EmailLoginCooldownError: 'error.emailCooldown',
  InvalidEmailError: 'error.invalidEmail',
  InvalidOtpError: 'error.invalidOtp',
  IframeLoadFailedError: 'error.embeddedWalletLoadFailed',
  IframeRequestTimeoutError: 'error.embeddedWalletTimeout',
  RequestAbortedError: 'error.requestAborted',
  EmailLoginImportError: 'error.emailLoginImportFailed',
  SendAmountAndReceiverRequiredError: 'error.sendAmountAndReceiverRequired',
  SendTokenRequiredError: 'error.sendTokenRequired',
  InvalidReceiverAddressError: 'error.invalidReceiverAddress',
  InvalidSendAmountError: 'error.invalidSendAmount',
  InsufficientBalanceError: 'error.insufficientBalance',
  SendNotSupportedError: 'error.sendNotSupported',
  SendRejectedError: 'error.sendRejected',
  TransactionFailedError: 'error.transactionFailed',
}

/** The placeholders an error's text needs, from the fields its class carries. */
function errorValues(error: Error): MessageValues {
  const fields = error as Error & {
    connectorId?: unknown
    status?: unknown
    retryAfterSeconds?: unknown
    registeredName?: unknown
  }
  const values: Record<string, string | number> = {}
  if (typeof fields.connectorId === 'string') values.id = fields.connectorId
  if (typeof fields.status === 'string') values.status = fields.status
  if (typeof fields.retryAfterSeconds === 'number') values.seconds = fields.retryAfterSeconds
  if (typeof fields.registeredName === 'string') values.name = fields.registeredName
  return values
}

/**
 * The text the dialog shows for an error: the message catalog's entry for its class (so an app
 * can replace it through `<FoyerProvider messages>`), else the error's own `shortMessage`, else
 * its `message`.
 */
export function errorText(error: Error, t: Translate): string {
  const key = Object.hasOwn(errorMessageKeys, error.name) ? errorMessageKeys[error.name] : undefined
  if (key) return t(key, errorValues(error))
  return 'shortMessage' in error && typeof error.shortMessage === 'string'
    ? error.shortMessage
    : error.message
}
