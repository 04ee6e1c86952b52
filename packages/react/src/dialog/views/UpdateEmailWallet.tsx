import {
  getConnectedEmbeddedConnector,
  goBack,
  showToast,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
} from '@foyer/core'
import { useState } from 'react'
import { useAsyncAction } from '../../hooks/useAsyncAction.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { EmailForm } from './email/EmailForm.tsx'
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

  return (
    <EmailForm
      label={t('updateEmail.label')}
      autoFocus
      intro={
        currentEmail ? (
          <p className="foyer-muted">{t('updateEmail.current', { email: currentEmail })}</p>
        ) : null
      }
      onSubmit={async (email) => {
        try {
          const result = await start.runAsync(email)
          setStep({ kind: 'primary', newEmail: result.email })
        } catch {}
      }}
      onClearError={start.reset}
      isPending={start.isPending}
      error={start.error}
      dataAttributes={{ 'data-foyer-update-email': '' }}
    />
  )
}
