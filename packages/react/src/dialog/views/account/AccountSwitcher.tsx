import {
  type ConnectionAccount,
  getActiveConnection,
  shortenAddress,
  showToast,
  switchAccount,
} from '@foyer/core'
import { useId, useRef, useState } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { useFoyerState } from '../../../hooks/useFoyerState.ts'
import { addressLabel } from '../../../utils/addressLabel.ts'
import { onListKeyDown } from '../../listKeyboard.ts'

const noAccounts: readonly ConnectionAccount[] = []

/**
 * Switches between the accounts the active wallet shared (SPEC §1 "switch accounts"), each under
 * the app's `addressLabels` name when it has one. Only the accounts of the type on display: a
 * Bitcoin wallet's payment and ordinal addresses are AccountTypeSwitch's.
 */
export function AccountSwitcher() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const listId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const [expanded, setExpanded] = useState(false)
  const address = useFoyerState((state) => state.account.address)
  const labels = useFoyerState((state) => state.account.addressLabels)
  const accounts = useFoyerState((state) => getActiveConnection(state)?.accounts ?? noAccounts)
  const shown = accounts.find((account) => account.address === address)
  const choices = accounts.filter((account) => account.type === shown?.type)
  if (!shown || choices.length < 2) return null

  const nameOf = (account: ConnectionAccount) =>
    addressLabel(labels, account.address) ?? shortenAddress(account.address)
  const choose = (account: ConnectionAccount) => {
    setExpanded(false)
    // The list goes away: focus stays on the button that opens it.
    toggle.current?.focus()
    if (account === shown) return
    try {
      switchAccount(foyer, { address: account.address })
      void showToast(foyer, {
        variant: 'success',
        message: t('account.accountSwitched', { account: nameOf(account) }),
      })
    } catch (error) {
      void showToast(foyer, { variant: 'error', message: String(error), error: error as Error })
    }
  }

  return (
    <div className="foyer-actions">
      <button
        ref={toggle}
        type="button"
        className="foyer-link-button"
        aria-expanded={expanded}
        aria-controls={listId}
        data-foyer-switch-account=""
        onClick={() => setExpanded(!expanded)}
      >
        {t('account.switchAccount')}
      </button>
      {expanded ? (
        <ul
          id={listId}
          className="foyer-list"
          aria-label={t('account.switchAccount')}
          onKeyDown={onListKeyDown}
        >
          {choices.map((account) => {
            const label = addressLabel(labels, account.address)
            return (
              <li key={account.address}>
                <button
                  type="button"
                  className="foyer-list-item"
                  data-foyer-item=""
                  data-address={account.address}
                  aria-current={account === shown ? 'true' : undefined}
                  onClick={() => choose(account)}
                >
                  <span className="foyer-list-item-label" title={account.address}>
                    {label ?? <span dir="ltr">{shortenAddress(account.address)}</span>}
                    {label ? (
                      <span className="foyer-list-item-detail" dir="ltr">
                        {shortenAddress(account.address)}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
