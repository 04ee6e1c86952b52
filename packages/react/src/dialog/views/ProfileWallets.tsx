import {
  type ChainNamespace,
  type Connection,
  disconnect,
  type Foyer,
  getActiveConnection,
  navigate,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  type StoredConnectionStatus,
  type SwitchConnectionReturnType,
  shortenAddress,
  showAlert,
  showToast,
  switchConnection,
} from '@foyer/core'
import { useCallback, useEffect, useId, useState } from 'react'
import { useAsyncAction } from '../../hooks/useAsyncAction.ts'
import { useFeatures } from '../../hooks/useFeatures.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import type { Translate } from '../../i18n/createTranslator.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { addressLabel } from '../../utils/addressLabel.ts'
import { errorText } from '../components/NetworkList.tsx'
import { namespaceNames } from '../components/namespaceMarks.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { onListKeyDown } from '../listKeyboard.ts'
import { useSocialFlow } from '../socialFlow.tsx'

const statusKeys = {
  active: 'profileWallets.status.active',
  connected: 'profileWallets.status.connected',
  disconnected: 'profileWallets.status.disconnected',
} as const satisfies Record<StoredConnectionStatus, MessageKey>

type WalletRow = { namespace: ChainNamespace; connection: Connection }

const isLive = (row: WalletRow) => row.connection.status !== 'disconnected'
const socialProviders: readonly string[] = SOCIAL_PROVIDERS

/** The social provider a disconnected embedded-wallet row was signed in with, if any. */
function socialProviderOf(foyer: Foyer, row: WalletRow): SocialProvider | undefined {
  const { connectorId, authName, status } = row.connection
  if (status !== 'disconnected' || foyer.getConnector(connectorId)?.type !== 'auth') return
  return authName && socialProviders.includes(authName) ? (authName as SocialProvider) : undefined
}

/**
 * Every stored connection per namespace (SPEC §2 ProfileWallets, `features.multiWallet`): make one
 * active (a disconnected one runs its flow again), add another wallet, disconnect one (it stays
 * listed as disconnected) or forget a disconnected one. "Disconnect all" ends every connection and
 * forgets every wallet, so the list starts empty next time. Without multiWallet it shows SPEC §8's
 * 'Multi-Wallet Not Enabled' developer alert instead.
 */
export default function ProfileWallets() {
  const foyer = useFoyer()
  const { multiWallet } = useFeatures()
  useEffect(() => {
    // The app opened this view while several wallets are off: tell its developer.
    if (!multiWallet) showAlert(foyer, { code: 'MULTI_WALLET_NOT_ENABLED', variant: 'warning' })
  }, [foyer, multiWallet])
  return multiWallet ? <WalletLists /> : null
}

function WalletLists() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const connections = useFoyerState((state) => state.connections)
  const activeNamespace = useFoyerState((state) => state.activeNamespace)
  const [target, setTarget] = useState<string>()
  const socialFlow = useSocialFlow()

  const switching = useAsyncAction(
    useCallback(
      ({ namespace, connection }: WalletRow) => switchConnection(foyer, { namespace, connection }),
      [foyer],
    ),
  )
  const disconnecting = useAsyncAction(
    useCallback(
      ({ rows, forget }: { rows: readonly WalletRow[]; forget: boolean }) =>
        disconnectRows(foyer, rows, forget),
      [foyer],
    ),
  )
  const busy = switching.isPending || disconnecting.isPending
  const error = switching.error ?? disconnecting.error

  const namespaces = Object.keys(connections).filter(
    (namespace) => connections[namespace as ChainNamespace]?.length,
  ) as ChainNamespace[]
  if (!namespaces.length && activeNamespace) namespaces.push(activeNamespace)
  const rows = namespaces.flatMap((namespace) =>
    (connections[namespace] ?? []).map((connection) => ({ namespace, connection })),
  )

  // Buttons stay focusable while a switch or disconnect runs (keyboard users keep their place);
  // they only do nothing meanwhile.
  const makeActive = async (row: WalletRow) => {
    if (busy) return
    // A social login's popup must open in the click itself, before anything awaits.
    const provider = socialProviderOf(foyer, row)
    if (provider) return socialFlow.start(provider)
    setTarget(row.connection.connectorId)
    disconnecting.reset()
    const result = await switching.runAsync(row).catch(() => undefined)
    // Email, social and WalletConnect continue in their own views.
    if (!result || result.pendingInDialog) return
    void showToast(foyer, { variant: 'success', message: switchReport(foyer, t, row, result) })
  }
  const disconnectRowsOf = (rows: readonly WalletRow[], forget: boolean) => {
    if (busy) return
    setTarget(rows.length === 1 ? rows[0]!.connection.connectorId : undefined)
    switching.reset()
    disconnecting.run({ rows, forget })
  }

  return (
    <div>
      {namespaces.map((namespace) => (
        <NamespaceWallets
          key={namespace}
          namespace={namespace}
          connections={connections[namespace] ?? []}
          busy={busy}
          pendingConnectorId={busy ? target : undefined}
          onMakeActive={(connection) => void makeActive({ namespace, connection })}
          onDisconnect={(connection) => disconnectRowsOf([{ namespace, connection }], false)}
        />
      ))}
      {/* Always present, so the error is announced when it arrives. */}
      <div role="status" aria-live="polite">
        {error ? <p className="foyer-error-text">{errorText(error, t)}</p> : null}
      </div>
      {rows.length > 1 ? (
        <div className="foyer-actions">
          <button
            type="button"
            className="foyer-list-item"
            data-foyer-disconnect-all=""
            aria-disabled={busy || undefined}
            onClick={() => disconnectRowsOf(rows, true)}
          >
            <span className="foyer-list-item-label">{t('profileWallets.disconnectAll')}</span>
          </button>
        </div>
      ) : null}
    </div>
  )
}

type NamespaceWalletsProps = {
  namespace: ChainNamespace
  connections: readonly Connection[]
  busy: boolean
  pendingConnectorId: string | undefined
  onMakeActive(connection: Connection): void
  onDisconnect(connection: Connection): void
}

function NamespaceWallets(props: NamespaceWalletsProps) {
  const { namespace, connections, busy, pendingConnectorId } = props
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const headingId = useId()
  const connectors = useFoyerState((state) => state.connectors)
  const labels = useFoyerState((state) => state.account.addressLabels)
  const shownAddress = useFoyerState((state) =>
    state.activeNamespace === namespace ? state.account.address : undefined,
  )

  return (
    <section className="foyer-section" aria-labelledby={headingId} data-namespace={namespace}>
      <h3 id={headingId} className="foyer-section-title">
        {namespaceNames[namespace]}
      </h3>
      {connections.length ? (
        <ul className="foyer-list" aria-labelledby={headingId} onKeyDown={onListKeyDown}>
          {connections.map((connection) => {
            const connector = connectors.find((c) => c.id === connection.connectorId)
            const name = connector?.name ?? connection.connectorId
            const isActive = connection.status === 'active'
            // The active wallet shows the account on display; the others their first one.
            const address =
              (isActive && shownAddress) || connection.accounts[0]?.address || undefined
            const label = address && addressLabel(labels, address)
            const short = address ? shortenAddress(address) : ''
            const isPending = pendingConnectorId === connection.connectorId
            return (
              <li key={connection.connectorId} className="foyer-wallet-row">
                <button
                  type="button"
                  className="foyer-list-item"
                  data-foyer-item=""
                  data-connector-id={connection.connectorId}
                  data-status={connection.status}
                  aria-current={isActive ? 'true' : undefined}
                  aria-busy={isPending || undefined}
                  aria-disabled={busy || undefined}
                  onClick={() => props.onMakeActive(connection)}
                >
                  <WalletIcon src={connector?.icon} />
                  {/* Spaces between the parts keep the button's accessible name readable. */}
                  <span className="foyer-list-item-label">
                    {name}{' '}
                    {address ? (
                      <span className="foyer-list-item-detail" title={address}>
                        {label ? `${label} · ` : null}
                        <span dir="ltr">{short}</span>
                      </span>
                    ) : null}
                  </span>{' '}
                  {/* A status an app put in the store by hand has no tag; picking it says why. */}
                  {Object.hasOwn(statusKeys, connection.status) ? (
                    <span className="foyer-tag">{t(statusKeys[connection.status])}</span>
                  ) : null}
                  {isPending ? (
                    <span className="foyer-spinner foyer-spinner-small" aria-hidden="true" />
                  ) : null}
                </button>
                <button
                  type="button"
                  className="foyer-button"
                  data-variant="secondary"
                  data-foyer-disconnect={connection.connectorId}
                  aria-disabled={busy || undefined}
                  onClick={() => props.onDisconnect(connection)}
                >
                  {/* A disconnected wallet has nothing left to end: the visitor can forget it. */}
                  {t(
                    connection.status === 'disconnected'
                      ? 'profileWallets.forget'
                      : 'account.disconnect',
                  )}
                  <span className="foyer-visually-hidden">
                    {' '}
                    {name} {short}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="foyer-muted">{t('profileWallets.empty')}</p>
      )}
      <button
        type="button"
        className="foyer-link-button"
        data-foyer-add-wallet={namespace}
        aria-describedby={headingId}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) navigate(foyer, { view: 'Connect', data: { namespace } })
        }}
      >
        {t('profileWallets.add')}
      </button>
    </section>
  )
}

/**
 * Disconnects the rows one by one (a disconnected row is forgotten, and every row when `forget`);
 * a linked connection its partner already took along is skipped, not forgotten.
 */
async function disconnectRows(foyer: Foyer, rows: readonly WalletRow[], forget: boolean) {
  for (const row of rows) {
    const { namespace, connection } = row
    const stored = (foyer.getState().connections[namespace] ?? []).find(
      (candidate) => candidate.connectorId === connection.connectorId,
    )
    if (!stored || (isLive(row) && !isLive({ namespace, connection: stored }))) continue
    await disconnect(foyer, { namespace, connectorId: connection.connectorId, forget })
  }
}

/** What switching changed (SPEC §4): the wallet, the account, both, or nothing. */
function switchReport(
  foyer: Foyer,
  t: Translate,
  row: WalletRow,
  result: SwitchConnectionReturnType,
): string {
  const state = foyer.getState()
  const active = getActiveConnection(state, row.namespace)
  const name =
    state.connectors.find((connector) => connector.id === active?.connectorId)?.name ??
    row.connection.connectorId
  const address = state.account.address ?? ''
  const account = addressLabel(state.account.addressLabels, address) ?? shortenAddress(address)
  if (result.hasSwitchedWallet && result.hasSwitchedAccount)
    return t('profileWallets.switched.walletAndAccount', { name, account })
  if (result.hasSwitchedWallet) return t('profileWallets.switched.wallet', { name })
  if (result.hasSwitchedAccount) return t('profileWallets.switched.account', { account })
  return t('profileWallets.switched.none', { name })
}
