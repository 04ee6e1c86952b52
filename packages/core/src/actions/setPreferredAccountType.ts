import { getStoredAccountTypes, isAccountTypeOf } from '../account/preferredAccountType.ts'
import { accountFromConnection, getActiveConnection, pickAccount } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { InvalidAccountTypeError } from '../errors/account.ts'
import { SmartAccountNotEnabledError } from '../errors/smartAccount.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import type { AccountType } from '../types/connector.ts'
import type { ChainNamespace } from '../types/network.ts'

export type SetPreferredAccountTypeParameters = {
  accountType: AccountType
  /** Default: the active namespace. */
  namespace?: ChainNamespace | undefined
}
export type SetPreferredAccountTypeReturnType = AccountType
export type SetPreferredAccountTypeErrorType = InvalidAccountTypeError | SmartAccountNotEnabledError

/**
 * Records the visitor's preferred account type for a namespace (SPEC §3), kept in storage under
 * `preferredAccountTypes` so a reload keeps it; `account.preferredAccountType` follows it while
 * that namespace is active. The type must be one of SPEC §3's that the namespace has (smartAccount
 * on eip155 only, payment and ordinal on bip122 only), else 'Invalid account type'
 * (`InvalidAccountTypeError`).
 *
 * When the connected wallet gave an account of that type (a Bitcoin wallet's payment and ordinal
 * addresses), that account becomes the one shown; otherwise it is a preference for the next
 * connection. `user.accounts` keep the types the wallet reported. Switching to `smartAccount`
 * while connected with a wallet that has none on this network (SPEC §6: smart accounts not
 * enabled there) fails with `SmartAccountNotEnabledError`.
 */
export function setPreferredAccountType(
  foyer: Foyer,
  parameters: SetPreferredAccountTypeParameters,
): SetPreferredAccountTypeReturnType {
  const { accountType } = parameters
  const state = foyer.getState()
  const namespace =
    parameters.namespace ?? state.activeNamespace ?? state.activeNetwork.chainNamespace
  if (!isAccountTypeOf(namespace, accountType))
    throw new InvalidAccountTypeError({ accountType: String(accountType), namespace })
  const active = namespace === state.activeNamespace ? getActiveConnection(state) : undefined
  // SPEC §6: switching to a smart account only where the wallet has one (smart accounts enabled
  // on this network); with nothing connected it stays a preference for the next connection.
  if (
    accountType === 'smartAccount' &&
    active &&
    !active.accounts.some((account) => account.type === 'smartAccount')
  )
    throw new SmartAccountNotEnabledError({
      details: `${state.activeNetwork.caipNetworkId} has no smart account for this wallet.`,
    })
  foyer.storage.setItem(STORAGE_KEYS.preferredAccountTypes, {
    ...getStoredAccountTypes(foyer),
    [namespace]: accountType,
  })
  if (namespace !== state.activeNamespace) return accountType
  const connection = getActiveConnection(state)
  const shown = connection && pickAccount(connection.accounts, accountType)
  if (connection && shown && shown.address !== state.account.address) {
    // The wallet gave an account of that type (Bitcoin payment ↔ ordinal): it is shown now.
    const connector = foyer.getConnector(connection.connectorId)
    foyer.store.setState(accountFromConnection(foyer, foyer.getState(), connector, undefined))
  } else foyer.store.setState({ account: { ...state.account, preferredAccountType: accountType } })
  return accountType
}
