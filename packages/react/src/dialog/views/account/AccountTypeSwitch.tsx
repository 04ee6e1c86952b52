import { type AccountType, getActiveConnection, setPreferredAccountType } from '@foyer/core'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { useFoyerState } from '../../../hooks/useFoyerState.ts'

const typeLabels = {
  eoa: 'account.type.eoa',
  smartAccount: 'account.type.smartAccount',
  payment: 'account.type.payment',
  ordinal: 'account.type.ordinal',
} as const satisfies Record<AccountType, string>

/**
 * Chooses which of the wallet's accounts is shown when it gave accounts of several types (a Bitcoin
 * wallet's payment and ordinal addresses). The choice is remembered per namespace by core.
 */
export function AccountTypeSwitch() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const types = useFoyerState(
    (state) => {
      const accounts = getActiveConnection(state)?.accounts ?? []
      return [...new Set(accounts.map((account) => account.type))].join(',')
    },
    (a, b) => a === b,
  )
  const shown = useFoyerState((state) => {
    const { address } = state.account
    return getActiveConnection(state)?.accounts.find((account) => account.address === address)?.type
  })
  const choices = types ? (types.split(',') as AccountType[]) : []
  if (choices.length < 2) return null
  return (
    <fieldset className="foyer-choice-group">
      <legend className="foyer-visually-hidden">{t('account.type.label')}</legend>
      <div className="foyer-choice-row">
        {choices.map((type) => (
          <button
            key={type}
            type="button"
            className="foyer-button"
            data-variant="secondary"
            data-foyer-account-type={type}
            aria-pressed={shown === type}
            onClick={() => setPreferredAccountType(foyer, { accountType: type })}
          >
            {t(typeLabels[type])}
          </button>
        ))}
      </div>
    </fieldset>
  )
}
