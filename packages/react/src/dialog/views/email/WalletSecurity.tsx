import { getConnectedEmbeddedConnector } from '@foyer/core'
import { useState } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { useFoyerState } from '../../../hooks/useFoyerState.ts'
import { errorText } from '../../components/NetworkList.tsx'

/**
 * The embedded wallet's recovery and key export on the Account view. The steps themselves happen
 * in the secure frame (its own origin), which shows itself above the dialog: the page never sees
 * a password, a passkey's output or a key.
 */
export function WalletSecurity() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  useFoyerState((state) => state.connections)
  const connector = getConnectedEmbeddedConnector(foyer)
  const [status, setStatus] = useState(() => connector?.getRecoveryStatus())
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Error>()
  if (!connector) return null
  const current = status ?? connector.getRecoveryStatus()

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    setError(undefined)
    try {
      await action()
    } catch (cause) {
      // The visitor closing the frame's view is not an error worth showing.
      if ((cause as { code?: unknown }).code !== 4001) setError(cause as Error)
    } finally {
      setStatus(connector.getRecoveryStatus())
      setBusy(false)
    }
  }

  const notice = current?.locked
    ? t('walletSecurity.locked')
    : current && current.methods.length === 0 && !current.operatorRecovery
      ? t('walletSecurity.noMethod')
      : undefined

  return (
    <>
      {notice ? (
        <p className="foyer-notice" data-foyer-recovery-notice="">
          {notice}
        </p>
      ) : null}
      {current?.operatorRecovery ? (
        <p className="foyer-muted">{t('walletSecurity.operatorRecovery')}</p>
      ) : null}
      {current?.locked ? (
        <button
          type="button"
          className="foyer-list-item"
          disabled={busy}
          onClick={() => void run(() => connector.unlockWallet())}
        >
          <span className="foyer-list-item-label">{t('walletSecurity.unlock')}</span>
        </button>
      ) : (
        <>
          <button
            type="button"
            className="foyer-list-item"
            disabled={busy}
            onClick={() => void run(() => connector.setupRecovery())}
          >
            <span className="foyer-list-item-label">
              {current?.methods.length ? t('walletSecurity.manage') : t('walletSecurity.setUp')}
            </span>
          </button>
          <button
            type="button"
            className="foyer-list-item"
            disabled={busy}
            onClick={() => void run(() => connector.exportKey())}
          >
            <span className="foyer-list-item-label">{t('walletSecurity.export')}</span>
          </button>
        </>
      )}
      {error ? (
        <p className="foyer-error-text" role="alert">
          {errorText(error, t)}
        </p>
      ) : null}
    </>
  )
}
