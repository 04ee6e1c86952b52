import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { EmailLoginForm } from './email/EmailLoginForm.tsx'

/**
 * Email login on its own: the email input, validated, then device or code verification. Opened
 * from a remembered email login (ProfileWallets), it starts with that email filled in.
 */
export default function EmailLogin() {
  const { t } = useFoyerContext()
  const email = useFoyerState((state) => state.dialog.data?.email)
  return (
    <div>
      <p className="foyer-muted">{t('email.intro')}</p>
      <EmailLoginForm autoFocus initialEmail={email} />
    </div>
  )
}
