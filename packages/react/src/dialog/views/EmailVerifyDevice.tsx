import { verifyDevice } from '@foyer/core'
import { useEffect } from 'react'
import { useAsyncAction } from '../../hooks/useAsyncAction.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { errorText } from '../components/NetworkList.tsx'

/**
 * The code was right, but the account never used this device: waits (the frame polls the
 * server) until the visitor approves it on the page of the emailed link or from a device where
 * they are logged in, then connects (closing the dialog). "This wasn't me" ends it with the
 * server's message.
 */
export default function EmailVerifyDevice() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const email = useFoyerState((state) => state.dialog.data?.email) ?? ''
  const approval = useAsyncAction(() => verifyDevice(foyer))
  const { run } = approval

  useEffect(() => {
    run(undefined)
  }, [run])

  return (
    <div className="foyer-center">
      <div role="status" aria-live="polite" className="foyer-center">
        {approval.error ? (
          <p className="foyer-error-text">{errorText(approval.error, t)}</p>
        ) : (
          <>
            <span className="foyer-spinner" aria-hidden="true" />
            <p className="foyer-strong">{t('emailDevice.title')}</p>
            <p className="foyer-muted">{t('emailDevice.body', { email })}</p>
          </>
        )}
      </div>
      {approval.error ? (
        <button type="button" className="foyer-button" onClick={() => run(undefined)}>
          {t('connecting.retry')}
        </button>
      ) : null}
    </div>
  )
}
