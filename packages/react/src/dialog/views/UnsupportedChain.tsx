import { useDisconnect } from '../../hooks/useDisconnect.ts'
import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { errorText, NetworkList } from '../components/NetworkList.tsx'

/** The wallet sits on a network this app does not support: explain, offer switching or leaving. */
export default function UnsupportedChain() {
  const { t } = useFoyerContext()
  const { disconnect, isPending, error } = useDisconnect()
  return (
    <div>
      <p className="foyer-muted">{t('unsupportedChain.body')}</p>
      <div className="foyer-section">
        <NetworkList markCurrent={false} />
      </div>
      <div className="foyer-actions">
        <button
          type="button"
          className="foyer-button"
          data-variant="secondary"
          disabled={isPending}
          onClick={() => disconnect()}
        >
          {t('unsupportedChain.disconnect')}
        </button>
        {error ? (
          <p className="foyer-error-text" role="alert">
            {errorText(error, t)}
          </p>
        ) : null}
      </div>
    </div>
  )
}
