import {
  getConnectedEmbeddedConnector,
  goBack,
  showToast,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
} from '@foyer/core'
import { type FormEvent, useId, useState } from 'react'
import { useAsyncAction } from '../../hooks/useAsyncAction.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { shortMessage } from '../components/NetworkList.tsx'
import { OtpForm } from './email/OtpForm.tsx'

type Step =
  | { kind: 'email' }
  | { kind: 'primary'; newEmail: string }
  | { kind: 'secondary'; newEmail: string }

/**
 * Changes the login email of the embedded wallet: the new email, then a code sent to the current
 * email, then a code sent to the new one (SPEC §4). Only for an embedded-wallet connection.
 */
export default function UpdateEmailWallet() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const [step, setStep] = useState<Step>({ kind: 'email' })
  const [email, setEmail] = useState('')
  const ids = { input: useId(), error: useId() }
  const currentEmail = getConnectedEmbeddedConnector(foyer)?.getEmail() ?? ''

  const start = useAsyncAction((value: string) => updateEmail(foyer, { email: value }))
  const primary = useAsyncAction((otp: string) => updateEmailPrimaryOtp(foyer, { otp }))
  const secondary = useAsyncAction((otp: string) => updateEmailSecondaryOtp(foyer, { otp }))

  if (step.kind === 'primary')
    return (
      <OtpForm
        key="primary"
        description={t('otp.description', { email: currentEmail })}
        isPending={primary.isPending}
        error={primary.error}
        onChange={() => primary.reset()}
        onSubmit={async (otp) => {
          try {
            await primary.runAsync(otp)
            setStep({ kind: 'secondary', newEmail: step.newEmail })
          } catch {}
        }}
      />
    )
  if (step.kind === 'secondary')
    return (
      <OtpForm
        key="secondary"
        description={t('otp.description', { email: step.newEmail })}
        isPending={secondary.isPending}
        error={secondary.error}
        onChange={() => secondary.reset()}
        onSubmit={async (otp) => {
          try {
            const result = await secondary.runAsync(otp)
            void showToast(foyer, {
              variant: 'success',
              message: t('updateEmail.success', { email: result.email }),
            })
            goBack(foyer)
          } catch {}
        }}
      />
    )

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    try {
      const result = await start.runAsync(email)
      setStep({ kind: 'primary', newEmail: result.email })
    } catch {}
  }
  return (
    <form className="foyer-actions" noValidate onSubmit={onSubmit} data-foyer-update-email="">
      {currentEmail ? (
        <p className="foyer-muted">{t('updateEmail.current', { email: currentEmail })}</p>
      ) : null}
      <label htmlFor={ids.input} className="foyer-muted">
        {t('updateEmail.label')}
      </label>
      <input
        id={ids.input}
        className="foyer-search"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        // biome-ignore lint/a11y/noAutofocus: the view exists to take this one input
        autoFocus
        value={email}
        aria-invalid={start.isError || undefined}
        aria-describedby={start.isError ? ids.error : undefined}
        onChange={(event) => {
          setEmail(event.target.value)
          if (start.isError) start.reset()
        }}
        disabled={start.isPending}
      />
      {start.error ? (
        <p id={ids.error} className="foyer-error-text" role="alert">
          {shortMessage(start.error)}
        </p>
      ) : null}
      <button type="submit" className="foyer-button" disabled={start.isPending}>
        {start.isPending ? t('email.sending') : t('email.submit')}
      </button>
    </form>
  )
}
