import { type Alert, type AlertCode, dismissAlert } from '@foyer/core'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { useFoyerState } from '../hooks/useFoyerState.ts'
import type { Translate } from '../i18n/createTranslator.ts'
import type { MessageKey } from '../i18n/en.ts'

/** The catalog entries (title, text) of each SPEC §8 alert. */
const alertTexts: Readonly<Record<AlertCode, readonly [MessageKey, MessageKey]>> = {
  NETWORK_NOT_FOUND: ['alert.networkNotFound.title', 'alert.networkNotFound.body'],
  ORIGIN_NOT_ALLOWED: ['alert.originNotAllowed.title', 'alert.originNotAllowed.body'],
  EMBEDDED_WALLET_LOAD_FAILED: [
    'alert.embeddedWalletLoadFailed.title',
    'alert.embeddedWalletLoadFailed.body',
  ],
  EMBEDDED_WALLET_REQUEST_TIMEOUT: [
    'alert.embeddedWalletTimeout.title',
    'alert.embeddedWalletTimeout.body',
  ],
  UNVERIFIED_DOMAIN: ['alert.unverifiedDomain.title', 'alert.unverifiedDomain.body'],
  SESSION_EXPIRED: ['alert.sessionExpired.title', 'alert.sessionExpired.body'],
  INVALID_PROJECT_ID: ['alert.invalidProjectId.title', 'alert.invalidProjectId.body'],
  PROJECT_ID_NOT_CONFIGURED: [
    'alert.projectIdNotConfigured.title',
    'alert.projectIdNotConfigured.body',
  ],
  SERVER_ERROR: ['alert.serverError.title', 'alert.serverError.body'],
  RATE_LIMITED: ['alert.rateLimited.title', 'alert.rateLimited.body'],
  MULTI_WALLET_NOT_ENABLED: [
    'alert.multiWalletNotEnabled.title',
    'alert.multiWalletNotEnabled.body',
  ],
  INVALID_APP_CONFIGURATION: [
    'alert.invalidAppConfiguration.title',
    'alert.invalidAppConfiguration.body',
  ],
}

/** An alert's title and text in the dialog's language; an unknown code keeps core's English. */
function alertText(alert: Alert, t: Translate): { title: string; body: string } {
  const keys = Object.hasOwn(alertTexts, alert.code)
    ? alertTexts[alert.code as AlertCode]
    : undefined
  if (!keys) return { title: alert.shortMessage, body: alert.longMessage }
  return { title: t(keys[0]), body: t(keys[1]) }
}

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
      {alerts.map((alert) => {
        const { title, body } = alertText(alert, t)
        return (
          <div
            key={alert.id}
            className="foyer-alert"
            role="alert"
            data-variant={alert.variant}
            data-foyer-alert={alert.code}
          >
            <p>
              <strong>{title}</strong> {body}
            </p>
            <button
              type="button"
              className="foyer-icon-button"
              aria-label={t('alert.dismiss', { title })}
              onClick={() => dismissAlert(foyer, { id: alert.id })}
            >
              ×
            </button>
          </div>
        )
      })}
    </div>
  )
}
