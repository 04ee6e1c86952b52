import { getConnectedEmbeddedConnector, navigate } from '@foyer/core'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { useFoyerState } from '../../../hooks/useFoyerState.ts'

/** 'Update email' on the Account view, only when connected through the embedded wallet. */
export function UpdateEmailButton() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  // Re-render when the connection changes.
  useFoyerState((state) => state.connections)
  const connector = getConnectedEmbeddedConnector(foyer)
  if (!connector) return null
  return (
    <button
      type="button"
      className="foyer-button"
      data-variant="secondary"
      onClick={() => navigate(foyer, { view: 'UpdateEmailWallet' })}
    >
      {t('updateEmail.open')}
    </button>
  )
}
