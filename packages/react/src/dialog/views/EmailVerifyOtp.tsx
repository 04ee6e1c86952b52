import { connectEmail, navigate, verifyOtp } from '@foyer/core'
import { useAsyncAction } from '../../hooks/useAsyncAction.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { errorText } from '../components/NetworkList.tsx'
import { OtpForm } from './email/OtpForm.tsx'

/**
 * The 6-digit code from the email. A right code connects the embedded wallet (and closes the
 * dialog), or, on a device the account never used, moves on to its approval (EmailVerifyDevice).
 * Resend sends another code (the earlier ones stay valid), at most once per 30 s ('Please try
 * again after {n} seconds').
 */
export default function EmailVerifyOtp() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const email = useFoyerState((state) => state.dialog.data?.email) ?? ''
  const verify = useAsyncAction(async (otp: string) => {
    const result = await verifyOtp(foyer, { otp })
    if ('action' in result)
      navigate(foyer, { view: 'EmailVerifyDevice', data: { email }, replace: true })
    return result
  })
  const resend = useAsyncAction(() => connectEmail(foyer, { email }))

  return (
    <div>
      <OtpForm
        description={t('otp.description', { email })}
        onSubmit={(otp) => {
          resend.reset()
          verify.run(otp)
        }}
        onChange={() => verify.reset()}
        isPending={verify.isPending}
        error={verify.error}
      />
      <div className="foyer-actions">
        <button
          type="button"
          className="foyer-button"
          data-variant="secondary"
          disabled={resend.isPending || verify.isPending}
          onClick={() => {
            verify.reset()
            resend.run(undefined)
          }}
        >
          {t('otp.resend')}
        </button>
        <p className="foyer-muted" role="status" aria-live="polite">
          {resend.error ? errorText(resend.error, t) : resend.isSuccess ? t('otp.resent') : null}
        </p>
      </div>
    </div>
  )
}
