import { getActiveConnection, setActiveNetworkState } from '../connection.ts'
import type { Foyer } from '../createFoyer.ts'
import { BaseError } from '../errors/base.ts'
import { UserRejectedRequestError } from '../errors/connection.ts'
import { NetworkNotFoundError, SwitchNetworkError } from '../errors/network.ts'
import { isUserRejectedRequestError } from '../errors/rpc.ts'
import { findNetwork } from '../networks.ts'
import type { CaipNetwork, CaipNetworkId } from '../types/network.ts'
import { goBack } from './goBack.ts'
import { resetSendForm } from './resetSendForm.ts'

export type SwitchNetworkParameters = { network: CaipNetwork | CaipNetworkId }
export type SwitchNetworkReturnType = CaipNetwork
export type SwitchNetworkErrorType =
  | NetworkNotFoundError
  | UserRejectedRequestError
  | SwitchNetworkError

/**
 * Makes `network` the active network. With a wallet connected on that namespace the wallet is asked
 * to switch first; moving to another namespace flags `switchingNamespace` while it happens
 * (SPEC §4). A network missing from `networks` rejects with 'Network not found'.
 */
export async function switchNetwork(
  foyer: Foyer,
  parameters: SwitchNetworkParameters,
): Promise<SwitchNetworkReturnType> {
  const caipNetworkId =
    typeof parameters.network === 'string' ? parameters.network : parameters.network.caipNetworkId
  const network = findNetwork(foyer.config.networks, caipNetworkId)
  if (!network) throw new NetworkNotFoundError({ details: `${caipNetworkId} is not configured.` })
  const state = foyer.getState()
  const previousCaipNetworkId = state.activeNetwork.caipNetworkId
  const crossNamespace = network.chainNamespace !== state.activeNamespace
  if (crossNamespace) {
    foyer.store.setState({ switchingNamespace: true })
    resetSendForm(foyer)
  }
  try {
    const connection = getActiveConnection(state, network.chainNamespace)
    const connector = connection ? foyer.getConnector(connection.connectorId) : undefined
    const walletOnTarget =
      state.account.caipAddress?.startsWith(`${network.caipNetworkId}:`) && !crossNamespace
    if (connector && !walletOnTarget) {
      try {
        await connector.switchNetwork({ network })
      } catch (error) {
        const failure = isUserRejectedRequestError(error)
          ? new UserRejectedRequestError({ shortMessage: 'Network switch rejected', cause: error })
          : error instanceof BaseError
            ? error
            : new SwitchNetworkError({ cause: error })
        foyer._internal.emit({
          type: 'SWITCH_NETWORK_ERROR',
          data: { caipNetworkId: network.caipNetworkId, message: failure.shortMessage },
        })
        throw failure
      }
    }
    setActiveNetworkState(foyer, { network })
  } finally {
    if (crossNamespace) foyer.store.setState({ switchingNamespace: false })
  }
  foyer._internal.emit({
    type: 'SWITCH_NETWORK',
    data: { caipNetworkId: network.caipNetworkId, previousCaipNetworkId },
  })
  const { dialog } = foyer.getState()
  if (dialog.open && (dialog.view === 'SwitchNetwork' || dialog.view === 'UnsupportedChain'))
    goBack(foyer)
  return network
}
