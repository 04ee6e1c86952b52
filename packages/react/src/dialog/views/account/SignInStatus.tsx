import { signIn } from '@foyer/core'
import { useState } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { useFoyerState } from '../../../hooks/useFoyerState.ts'
import { errorText } from '../../components/NetworkList.tsx'

/**
 * With `siwx` on: that the wallet is asked to sign in, that the visitor is signed in, or a "Sign
 * in" button when they are not (after a failed sign-in, or a reload without a session).
 */
export function SignInStatus() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const status = useFoyerState((state) => state.siwx.status)
  const [error, setError] = useState<Error>()
  if (!foyer.config.siwx) return null
  if (status === 'signing')
    return (
      <p className="foyer-muted" role="status" data-foyer-siwx="signing">
        {t('siwx.signing')}
      </p>
    )
  if (status === 'signed-in')
    return (
      <p className="foyer-muted" data-foyer-siwx="signed-in">
        {t('siwx.signedIn')}
      </p>
    )
  return (
    <div data-foyer-siwx="signed-out">
      <button
        type="button"
        className="foyer-link-button"
        onClick={() => {
          setError(undefined)
          signIn(foyer).catch((caught: Error) => setError(caught))
        }}
      >
        {t('siwx.signIn')}
      </button>
      {error ? (
        <p className="foyer-error-text" role="alert">
          {errorText(error, t)}
          {error.name === 'SiwxSignInError' && 'details' in error && error.details
            ? `: ${String(error.details)}`
            : ''}
        </p>
      ) : null}
    </div>
  )
}
