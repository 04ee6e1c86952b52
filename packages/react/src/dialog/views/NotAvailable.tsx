import { useFoyerContext } from '../../hooks/useFoyer.ts'

/** Shown for a view that exists in the router but is not built (yet): no stand-in content. */
export function NotAvailable({ view }: { view: string }) {
  const { t } = useFoyerContext()
  return (
    <div className="foyer-center">
      <p className="foyer-muted">{t('dialog.notAvailable.body', { view })}</p>
    </div>
  )
}
