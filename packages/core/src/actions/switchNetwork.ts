import { setActiveNetworkState } from '../connection/setActiveNetworkState.ts'
import { getActiveConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { BaseError } from '../errors/base.ts'
import {
  isInvalidChainIdError,
  SwitchNetworkError,
  SwitchNetworkRejectedError,
  UnsupportedChainError,
} from '../errors/chain.ts'
import { NetworkNotFoundError } from '../errors/network.ts'
import { isUserRejectedRequestError } from '../errors/rpc.ts'
import type { CaipNetwork, CaipNetworkId } from '../types/network.ts'
import { findNetwork } from '../utils/findNetwork.ts'
import { goBack } from './goBack.ts'
import { navigate } from './navigate.ts'

export type SwitchNetworkParameters = { network: CaipNetwork | CaipNetworkId }
export type SwitchNetworkReturnType = CaipNetwork
export type SwitchNetworkErrorType =
  | NetworkNotFoundError
  | SwitchNetworkRejectedError
  | UnsupportedChainError
  | SwitchNetworkError

/**
 * Makes `network` the active network. With a wallet connected on that namespace the wallet is asked
 * to switch first, unless it is already there; moving to another namespace flags
 * `switchingNamespace` while it happens (cleared after success and failure alike) and, once the
 * switch happened, resets the send form (SPEC §4); a failed switch keeps the form. Connections of
 * every namespace are kept. When the new namespace
 * has no connection yet while another has, the open dialog shows SwitchActiveChain (data:
 * `network`, `namespace`), which leads to Connect for that namespace (SPEC §2). A network missing
 * from `networks` rejects with 'Network not found' and shows the 'Network Not Found' alert.
 *
 * A wallet's failure maps onto SPEC §8's chain error codes, each a typed error with `code`: 4001
 * 'Network switch rejected' (`SwitchNetworkRejectedError`), 32603 'Unsupported chain' when the
 * wallet refuses the chain id (-32603, `UnsupportedChainError`), and 5000 'Failed to switch
 * network' for any other failure (`SwitchNetworkError`). 4902 never reaches here: the EVM
 * connector adds the chain and switches again.
 */
export async function switchNetwork(
  foyer: Foyer,
  parameters: SwitchNetworkParameters,
): Promise<SwitchNetworkReturnType> {
  const caipNetworkId =
    typeof parameters.network === 'string' ? parameters.network : parameters.network.caipNetworkId
  const network = findNetwork(foyer.config.networks, caipNetworkId)
  if (!network) {
    // SPEC §8's alert tells the app's developer (the network is missing from `networks`); the
    // alert texts load only then.
    const { showAlert } = await import('./showAlert.ts')
    showAlert(foyer, { code: 'NETWORK_NOT_FOUND' })
    throw new NetworkNotFoundError({ details: `${caipNetworkId} is not configured.` })
  }
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
  if (crossNamespace) foyer.store.setState({ switchingNamespace: true })
  try {
    const connection = getActiveConnection(state, network.chainNamespace)
    const connector = connection ? foyer.getConnector(connection.connectorId) : undefined
    // Back from another namespace, the wallet is asked where it is (silently): one already on the
    // network needs no switch, which would prompt the visitor for nothing.
    const walletOnTarget = crossNamespace
      ? connector &&
        (await connector.getCaipNetworkId().catch(() => undefined)) === network.caipNetworkId
      : state.account.caipAddress?.startsWith(`${network.caipNetworkId}:`)
    if (connector && !walletOnTarget) {
      try {
        await connector.switchNetwork({ network })
      } catch (error) {
        const failure = toSwitchNetworkError(error)
        foyer._internal.emit({
          type: 'SWITCH_NETWORK_ERROR',
          data: { caipNetworkId: network.caipNetworkId, message: failure.shortMessage },
        })
        throw failure
      }
    }
    // Only now does the namespace change, and with it the send form is emptied: a switch the
    // wallet refused keeps both.
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

/** A wallet's failure as one of SPEC §8's chain errors (typed, with `code`). */
function toSwitchNetworkError(error: unknown): BaseError {
  if (
    error instanceof SwitchNetworkRejectedError ||
    error instanceof UnsupportedChainError ||
    error instanceof SwitchNetworkError
  )
    return error
  if (isUserRejectedRequestError(error)) return new SwitchNetworkRejectedError({ cause: error })
  if (isInvalidChainIdError(error)) return new UnsupportedChainError({ cause: error })
  // An adapter's own error without a wallet code (e.g. a feature the wallet lacks) stays as it is.
  if (error instanceof BaseError && typeof (error as { code?: unknown }).code !== 'number')
    return error
  return new SwitchNetworkError({ cause: error })
}
