import type { Toast } from '@foyer/core'
import { useEffect, useState } from 'react'
import { useFoyerContext } from '../hooks/useFoyer.ts'
import { useFoyerState } from '../hooks/useFoyerState.ts'
import { errorText } from './components/NetworkList.tsx'

/**
 * Renders the store's current toast in a polite live region. Core owns the queue (including
 * the 150 ms gap when one toast replaces another); this only shows what the store holds.
 */
export function Toasts() {
  const { t } = useFoyerContext()
  const toast = useFoyerState((state) => state.toast)
  // The region must exist before its content for screen readers to announce the change, so the
  // first toast is shown one commit after the region mounts.
  const [regionReady, setRegionReady] = useState(false)
  useEffect(() => setRegionReady(true), [])
  return (
    <section className="foyer-toasts" aria-label={t('toasts.region')}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {regionReady && toast ? <ToastItem key={toast.id} toast={toast} /> : null}
      </div>
    </section>
  )
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useFoyerContext()
  return (
    <div className="foyer-toast" data-variant={toast.variant}>
      {toast.variant === 'loading' ? (
        <span className="foyer-spinner foyer-spinner-small" aria-hidden="true" />
      ) : (
        <span className="foyer-toast-dot" aria-hidden="true" />
      )}
      {/* A toast about an error reads the catalog's text for it ('Token Balance Unavailable', …). */}
      <span>{toast.error ? errorText(toast.error, t) : toast.message}</span>
    </div>
  )
}
