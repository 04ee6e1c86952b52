import { getActiveConnection, updateAccounts } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError } from '../errors/connection.ts'
import type { ChainNamespace } from '../types/network.ts'

export type SwitchAccountParameters = {
  address: string
  namespace?: ChainNamespace | undefined
}
export type SwitchAccountReturnType = undefined
export type SwitchAccountErrorType = NotConnectedError

/**
 * Makes another address of the active wallet the current one. Rejects with 'Address or auth
 * connector not found' for an address the wallet did not share.
 */
export function switchAccount(
  foyer: Foyer,
  parameters: SwitchAccountParameters,
): SwitchAccountReturnType {
  const state = foyer.getState()
  const namespace = parameters.namespace ?? state.activeNamespace
  const connection = getActiveConnection(state, namespace)
  const target = connection?.accounts.find(
    (account) => account.address.toLowerCase() === parameters.address.toLowerCase(),
  )
  const connector = connection && foyer.getConnector(connection.connectorId)
  if (!connection || !target || !connector || !namespace) throw new NotConnectedError()
  updateAccounts(foyer, {
    connector,
    accounts: [target, ...connection.accounts.filter((account) => account !== target)],
  })
  foyer._internal.emit({ type: 'SWITCH_ACCOUNT', data: { address: target.address, namespace } })
}
