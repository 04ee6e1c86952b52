import { setActiveNetworkState } from '../connection/setActiveNetworkState.ts'
import { getActiveConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { BaseError } from '../errors/base.ts'
import { UserRejectedRequestError } from '../errors/connection.ts'
import { NetworkNotFoundError, SwitchNetworkError } from '../errors/network.ts'
import { isUserRejectedRequestError } from '../errors/rpc.ts'
import { findNetwork } from '../networks.ts'
import type { CaipNetwork, CaipNetworkId } from '../types/network.ts'
import { goBack } from './goBack.ts'
import { navigate } from './navigate.ts'
import { resetSendForm } from './resetSendForm.ts'

export type SwitchNetworkParameters = { network: CaipNetwork | CaipNetworkId }
export type SwitchNetworkReturnType = CaipNetwork
export type SwitchNetworkErrorType =
  | NetworkNotFoundError
  | UserRejectedRequestError
  | SwitchNetworkError

/**
 * Makes `network` the active network. With a wallet connected on that namespace the wallet is asked
 * to switch first; moving to another namespace flags `switchingNamespace` while it happens and
 * resets the send form (SPEC §4). Connections of every namespace are kept. When the new namespace
 * has no connection yet while another has, the open dialog shows SwitchActiveChain (data:
 * `network`, `namespace`), which leads to Connect for that namespace (SPEC §2). A network missing
 * from `networks` rejects with 'Network not found'.
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
  // Moving to a namespace without a wallet while one of another namespace stays connected.
  const needsWallet =
    crossNamespace &&
    !getActiveConnection(state, network.chainNamespace) &&
    Object.values(state.connections).some((list) =>
      list?.some((connection) => connection.status !== 'disconnected'),
    )
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
  if (dialog.open && needsWallet)
    // SPEC §2: explain that this network needs another wallet, then lead on to Connect.
    navigate(foyer, {
      view: 'SwitchActiveChain',
      data: { network, namespace: network.chainNamespace },
      replace: dialog.view === 'SwitchNetwork' || dialog.view === 'UnsupportedChain',
    })
  else if (dialog.open && (dialog.view === 'SwitchNetwork' || dialog.view === 'UnsupportedChain'))
    goBack(foyer)
  return network
}
