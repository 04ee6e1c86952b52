import { navigate } from '@foyer/core'
import { useAccount } from '../../hooks/useAccount.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'

/** SPEC §2 RegisterAccountNameSuccess: the name is the account's, for every ENS-aware app too. */
export default function RegisterAccountNameSuccess() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { address } = useAccount()
  const registered = useFoyerState((state) => state.dialog.data?.name)
  const name = typeof registered === 'string' ? registered : ''
  return (
    <div className="foyer-center foyer-actions" data-foyer-register-success="">
      <p className="foyer-strong" role="status">
        {t('names.success', { name })}
      </p>
      <p className="foyer-muted">{t('names.successDetail', { address: address ?? '' })}</p>
      <button
        type="button"
        className="foyer-button"
        onClick={() => navigate(foyer, { view: 'Account' })}
      >
        {t('names.backToAccount')}
      </button>
    </div>
  )
}
