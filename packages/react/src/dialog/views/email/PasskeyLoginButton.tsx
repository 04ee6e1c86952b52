import { connectPasskey, isEmbeddedAuthConnector } from '@foyer/core'
import { useAsyncAction } from '../../../hooks/useAsyncAction.ts'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { useFoyerState } from '../../../hooks/useFoyerState.ts'
import { errorText } from '../../components/NetworkList.tsx'

/**
 * "Continue with a passkey" under the email field, when the embedded wallet offers passkey login:
 * the frame asks for a passkey, logs in and unlocks the wallet with it, and the wallet connects
 * as after an email code.
 */
export function PasskeyLoginButton() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const available = useFoyerState((state) =>
    state.connectors.some(
      (connector) => isEmbeddedAuthConnector(connector) && connector.isPasskeyLoginAvailable(),
    ),
  )
  const login = useAsyncAction(() => connectPasskey(foyer))
  if (!available) return null
  return (
    <div className="foyer-actions" data-foyer-passkey-login="">
      <button
        type="button"
        className="foyer-button"
        data-variant="secondary"
        disabled={login.isPending}
        aria-busy={login.isPending || undefined}
        onClick={() => login.run(undefined)}
      >
        {login.isPending ? t('passkey.waiting') : t('passkey.continue')}
      </button>
      <p className="foyer-muted" role="status" aria-live="polite">
        {login.error ? errorText(login.error, t) : null}
      </p>
    </div>
  )
}
