import { ConnectorNotFoundError, shakeDialog } from '@foyer/core'
import { useEffect } from 'react'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { errorText } from '../components/NetworkList.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { useConnectFlow } from '../connectFlow.tsx'

/**
 * Waiting for a browser-extension wallet: its icon, 'Continue in {wallet}', and on failure the
 * error ('Connection rejected', 'Failed to connect', …) with a Retry button. Starts the
 * connection itself when opened directly (`open({ view: 'ConnectingExternal', data })`).
 */
export default function ConnectingExternal() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const flow = useConnectFlow()
  const connectorId = useFoyerState((state) => state.dialog.data?.connectorId)
  const connector = useFoyerState((state) =>
    state.connectors.find((candidate) => candidate.id === connectorId),
  )

  // Opened directly (not from a wallet list, which starts the attempt itself): start it here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once per connector shown
  useEffect(() => {
    if (connectorId && connector && flow.connectorId !== connectorId) flow.start(connectorId)
  }, [connectorId, connector !== undefined])

  const error =
    connectorId && !connector
      ? new ConnectorNotFoundError({ connectorId })
      : flow.connectorId === connectorId
        ? flow.error
        : undefined

  useEffect(() => {
    if (error) shakeDialog(foyer)
  }, [error, foyer])

  const name = connector?.name ?? ''
  return (
    <div className="foyer-center">
      <WalletIcon src={connector?.icon} size="large" />
      <div role="status" aria-live="polite" className="foyer-center">
        {error ? (
          <p className="foyer-error-text">{errorText(error, t)}</p>
        ) : (
          <>
            <span className="foyer-spinner" aria-hidden="true" />
            <p className="foyer-strong">{t('connecting.waiting', { name })}</p>
            <p className="foyer-muted">{t('connecting.waitingDetail')}</p>
          </>
        )}
      </div>
      {error && connector ? (
        <button type="button" className="foyer-button" onClick={() => flow.retry(connector.id)}>
          {t('connecting.retry')}
        </button>
      ) : null}
    </div>
  )
}
