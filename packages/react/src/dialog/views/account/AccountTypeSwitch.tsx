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
 * wallet's payment and ordinal addresses, the embedded wallet's EOA and smart account, where the
 * server enables smart accounts on the network). The choice is remembered per namespace by core;
 * the balance, activity and requests follow the account shown.
 */
export function AccountTypeSwitch() {
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
  const deployed = useFoyerState((state) => state.account.smartAccountDeployed)
  const choices = types ? (types.split(',') as AccountType[]) : []
  if (choices.length < 2) return null
  return (
    <>
      <AccountTypeChoices choices={choices} shown={shown} />
      {shown === 'smartAccount' ? (
        // SPEC §3 smartAccountDeployed: the address shown is counterfactual until its first operation.
        <p
          className="foyer-muted"
          data-foyer-smart-account={deployed ? 'deployed' : 'counterfactual'}
        >
          {t(deployed ? 'account.smartAccount.deployed' : 'account.smartAccount.notDeployed')}
        </p>
      ) : null}
    </>
  )
}

function AccountTypeChoices({
  choices,
  shown,
}: {
  choices: readonly AccountType[]
  shown: AccountType | undefined
}) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
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
