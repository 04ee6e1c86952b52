import { ALERTS, type AlertCode } from '../alerts.ts'
import type { Foyer } from '../createFoyer.ts'
import type { Alert, AlertVariant } from '../types/state.ts'

export type ShowAlertParameters = { code: AlertCode; variant?: AlertVariant | undefined }

/** Shows one of the SPEC §8 alerts; an alert already shown is not repeated. */
export function showAlert(foyer: Foyer, parameters: ShowAlertParameters): Alert {
  const existing = foyer.getState().alerts.find((alert) => alert.code === parameters.code)
  if (existing) return existing
  const alert: Alert = {
    id: foyer._internal.nextId(),
    code: parameters.code,
    variant: parameters.variant ?? 'error',
    ...ALERTS[parameters.code],
  }
  foyer.store.setState((state) => ({ alerts: [...state.alerts, alert] }))
  return alert
}

export type DismissAlertParameters = { id: number }

export function dismissAlert(foyer: Foyer, parameters: DismissAlertParameters): void {
  foyer.store.setState((state) => ({
    alerts: state.alerts.filter((alert) => alert.id !== parameters.id),
  }))
}
