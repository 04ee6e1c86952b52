import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useFoyerContext } from '../../../hooks/useFoyer.ts'
import { FieldError } from '../../components/FieldError.tsx'
import { normalizeOtp, OTP_LENGTH } from './normalizeOtp.ts'

export type OtpFormProps = {
  /** Why a code is asked for, e.g. 'Enter the code we emailed to ada@example.com'. */
  description: string
  onSubmit: (otp: string) => void
  isPending: boolean
  error: Error | undefined
  onChange?: (() => void) | undefined
}

/**
 * A 6-digit one-time code input (`autocomplete="one-time-code"`) with its error text. The code is
 * sent as soon as its 6th digit is typed, pasted or filled in by the OS; Verify (or Enter) stays
 * for a code that was not. Each code is sent once until its answer comes back.
 */
export function OtpForm(props: OtpFormProps) {
  const { t } = useFoyerContext()
  const [otp, setOtp] = useState('')
  const ids = { input: useId(), description: useId(), error: useId() }
  const input = useRef<HTMLInputElement>(null)
  // The code sent and not answered yet: an Enter or a click right after the 6th digit is no resend.
  const sent = useRef<string | undefined>(undefined)

  const submit = (code: string) => {
    if (props.isPending || code === sent.current) return
    sent.current = code
    props.onSubmit(code)
  }

  const update = (text: string) => {
    if (props.isPending) return
    const code = normalizeOtp(text)
    setOtp(code)
    if (code !== sent.current) sent.current = undefined
    props.onChange?.()
    if (code.length === OTP_LENGTH) submit(code)
  }

  // A refused code may be sent again (after a network error it can be right), and the field is
  // ready for the next one: focused, its digits selected so typing replaces them.
  useEffect(() => {
    if (!props.error) return
    sent.current = undefined
    input.current?.focus()
    input.current?.select()
  }, [props.error])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit(otp)
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
        ref={input}
        id={ids.input}
        className="foyer-search"
        type="text"
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        // No maxLength: the browser would cut a pasted '123 456' to '123 45' before we see it.
        required
        // biome-ignore lint/a11y/noAutofocus: the view exists to take this one input
        autoFocus
        value={otp}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${ids.description} ${ids.error}` : ids.description}
        onChange={(event) => update(event.target.value)}
        onPaste={(event) => {
          // A whole code replaces what the field holds, wherever the caret was.
          const pasted = event.clipboardData.getData('text')
          if (normalizeOtp(pasted).length !== OTP_LENGTH) return
          event.preventDefault()
          update(pasted)
        }}
        // Read-only rather than disabled while verifying: the field keeps the focus for a retry.
        readOnly={props.isPending}
        aria-busy={props.isPending || undefined}
      />
      <FieldError id={ids.error} error={props.error} />
      <button type="submit" className="foyer-button" disabled={props.isPending}>
        {props.isPending ? t('otp.verifying') : t('otp.submit')}
      </button>
    </form>
  )
}
