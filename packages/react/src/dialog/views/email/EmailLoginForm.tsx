import { connectEmail, navigate } from '@foyer/core'
import { useAsyncAction } from '../../../hooks/useAsyncAction.ts'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { EmailForm } from './EmailForm.tsx'

/**
 * The email input of the Connect view and the EmailLogin view. Submitting sends the login email
 * (loading the embedded wallet's frame on first use) and moves on to device or code verification.
 */
export function EmailLoginForm({
  autoFocus = false,
  initialEmail,
}: {
  autoFocus?: boolean
  /** Filled in when a remembered email login runs again (ProfileWallets). */
  initialEmail?: string | undefined
}) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const login = useAsyncAction((value: string) => connectEmail(foyer, { email: value }))

  const onSubmit = async (email: string) => {
    try {
      const next = await login.runAsync(email)
      navigate(foyer, {
        view: next.action === 'VERIFY_DEVICE' ? 'EmailVerifyDevice' : 'EmailVerifyOtp',
        data: { email: next.email },
      })
    } catch {
      // Shown by the form from `login.error`.
    }
  }

  return (
    <EmailForm
      label={t('email.label')}
      placeholder={t('email.placeholder')}
      autoFocus={autoFocus}
      initialEmail={initialEmail}
      onSubmit={onSubmit}
      onClearError={login.reset}
      isPending={login.isPending}
      error={login.error}
      dataAttributes={{ 'data-foyer-email-login': '' }}
    />
  )
}
