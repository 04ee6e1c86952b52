import { useId } from 'react'
import { useFoyerContext } from '../../../hooks/useFoyer.ts'
import { EmailLoginForm } from './EmailLoginForm.tsx'
import { PasskeyLoginButton } from './PasskeyLoginButton.tsx'

/** The Connect view's email section (shown when an embedded-wallet connector is configured). */
export function EmailSection({ showHeading }: { showHeading: boolean }) {
  const { t } = useFoyerContext()
  const headingId = useId()
  return (
    <section
      className="foyer-section"
      aria-labelledby={showHeading ? headingId : undefined}
      data-foyer-section="email"
    >
      {showHeading ? (
        <h3 id={headingId} className="foyer-section-title">
          {t('connect.section.email')}
        </h3>
      ) : null}
      <EmailLoginForm />
      <PasskeyLoginButton />
    </section>
  )
}
