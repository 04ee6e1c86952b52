import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { EmailLoginForm } from './email/EmailLoginForm.tsx'

/** Email login on its own: the email input, validated, then device or code verification. */
export default function EmailLogin() {
  const { t } = useFoyerContext()
  return (
    <div>
      <p className="foyer-muted">{t('email.intro')}</p>
      <EmailLoginForm autoFocus />
    </div>
  )
}
