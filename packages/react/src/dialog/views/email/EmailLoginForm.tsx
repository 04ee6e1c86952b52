import { connectEmail, navigate } from '@foyer/core'
import { type FormEvent, useId, useState } from 'react'
import { useAsyncAction } from '../../../hooks/useAsyncAction.ts'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { shortMessage } from '../../components/NetworkList.tsx'

/**
 * The email input of the Connect view and the EmailLogin view. Submitting sends the login email
 * (loading the embedded wallet's frame on first use) and moves on to device or code verification.
 */
export function EmailLoginForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const [email, setEmail] = useState('')
  const ids = { input: useId(), error: useId() }
  const login = useAsyncAction((value: string) => connectEmail(foyer, { email: value }))

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    try {
      const next = await login.runAsync(email)
      navigate(foyer, {
        view: next.action === 'VERIFY_DEVICE' ? 'EmailVerifyDevice' : 'EmailVerifyOtp',
        data: { email: next.email },
      })
    } catch {
      // Shown below from `login.error`.
    }
  }

  return (
    <form className="foyer-actions" noValidate onSubmit={onSubmit} data-foyer-email-login="">
      <label htmlFor={ids.input} className="foyer-muted">
        {t('email.label')}
      </label>
      <input
        id={ids.input}
        className="foyer-search"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('email.placeholder')}
        required
        // biome-ignore lint/a11y/noAutofocus: the view exists to take this one input
        autoFocus={autoFocus}
        value={email}
        aria-invalid={login.isError || undefined}
        aria-describedby={login.isError ? ids.error : undefined}
        onChange={(event) => {
          setEmail(event.target.value)
          if (login.isError) login.reset()
        }}
        disabled={login.isPending}
      />
      {login.error ? (
        <p id={ids.error} className="foyer-error-text" role="alert">
          {shortMessage(login.error)}
        </p>
      ) : null}
      <button type="submit" className="foyer-button" disabled={login.isPending}>
        {login.isPending ? t('email.sending') : t('email.submit')}
      </button>
    </form>
  )
}
