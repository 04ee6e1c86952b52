import { type FormEvent, useId, useState } from 'react'
import { useFoyerContext } from '../../../hooks/useFoyer.ts'
import { FieldError } from '../../components/FieldError.tsx'

export type OtpFormProps = {
  /** Why a code is asked for, e.g. 'Enter the code we emailed to ada@example.com'. */
  description: string
  onSubmit: (otp: string) => void
  isPending: boolean
  error: Error | undefined
  onChange?: (() => void) | undefined
}

/** A 6-digit one-time code input (`autocomplete="one-time-code"`) with its error text. */
export function OtpForm(props: OtpFormProps) {
  const { t } = useFoyerContext()
  const [otp, setOtp] = useState('')
  const ids = { input: useId(), description: useId(), error: useId() }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    props.onSubmit(otp)
  }

  return (
    <form className="foyer-actions" noValidate onSubmit={onSubmit} data-foyer-otp="">
      <p id={ids.description} className="foyer-muted">
        {props.description}
      </p>
      <label htmlFor={ids.input} className="foyer-muted">
        {t('otp.label')}
      </label>
      <input
        id={ids.input}
        className="foyer-search"
        type="text"
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        // biome-ignore lint/a11y/noAutofocus: the view exists to take this one input
        autoFocus
        value={otp}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${ids.description} ${ids.error}` : ids.description}
        onChange={(event) => {
          setOtp(event.target.value.replace(/\D/g, '').slice(0, 6))
          props.onChange?.()
        }}
        disabled={props.isPending}
      />
      <FieldError id={ids.error} error={props.error} />
      <button type="submit" className="foyer-button" disabled={props.isPending}>
        {props.isPending ? t('otp.verifying') : t('otp.submit')}
      </button>
    </form>
  )
}
