import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { useFoyerContext } from '../../../hooks/useFoyer.ts'
import { FieldError } from '../../components/FieldError.tsx'
import { EmailIcon } from '../../components/icons.tsx'

export type EmailFormProps = {
  /** The input's label, e.g. 'Email address'. */
  label: string
  placeholder?: string | undefined
  autoFocus?: boolean | undefined
  /** The email the input starts with, e.g. the one a remembered email login signed in with. */
  initialEmail?: string | undefined
  /** Shown above the label, e.g. the current email. */
  intro?: ReactNode
  /** Called with the typed email; the caller validates it (through core) and reports `error`. */
  onSubmit: (email: string) => void
  /** Called when the visitor edits the email while `error` shows: the caller clears it. */
  onClearError: () => void
  isPending: boolean
  error: Error | undefined
  /** Marks the form for styling and tests, e.g. `{ 'data-foyer-email-login': '' }`. */
  dataAttributes?: Record<`data-${string}`, string>
}

/** An email input with its error text and 'Continue' button (the login and the email change). */
export function EmailForm(props: EmailFormProps) {
  const { t } = useFoyerContext()
  const [email, setEmail] = useState(props.initialEmail ?? '')
  const ids = { input: useId(), error: useId() }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    props.onSubmit(email)
  }

  return (
    <form className="foyer-actions" noValidate onSubmit={onSubmit} {...props.dataAttributes}>
      {props.intro}
      <label htmlFor={ids.input} className="foyer-muted">
        {props.label}
      </label>
      <div className="foyer-field-with-icon">
        <EmailIcon />
        <input
          id={ids.input}
          className="foyer-search"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={props.placeholder}
          required
          // biome-ignore lint/a11y/noAutofocus: the view exists to take this one input
          autoFocus={props.autoFocus}
          value={email}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? ids.error : undefined}
          onChange={(event) => {
            setEmail(event.target.value)
            if (props.error) props.onClearError()
          }}
          disabled={props.isPending}
        />
      </div>
      <FieldError id={ids.error} error={props.error} />
      <button type="submit" className="foyer-button" disabled={props.isPending}>
        {props.isPending ? t('email.sending') : t('email.submit')}
      </button>
    </form>
  )
}
