import { dismissAlert } from '@foyer/core'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { useFoyerState } from '../hooks/useFoyerState.ts'

/**
 * SPEC §8's alerts ('Unverified Domain', 'Invalid Project ID', 'Rate Limited', …) as banners at the
 * top of the dialog, each announced once and dismissable.
 */
export function Alerts() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const alerts = useFoyerState((state) => state.alerts)
  if (alerts.length === 0) return null
  return (
    <div className="foyer-alerts">
      {alerts.map((alert) => (
        <div
          key={alert.id}
          className="foyer-alert"
          role="alert"
          data-variant={alert.variant}
          data-foyer-alert={alert.code}
        >
          <p>
            <strong>{alert.shortMessage}</strong> {alert.longMessage}
          </p>
          <button
            type="button"
            className="foyer-icon-button"
            aria-label={t('alert.dismiss', { title: alert.shortMessage })}
            onClick={() => dismissAlert(foyer, { id: alert.id })}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
