import { applyLinkedConnections, forgetPendingReconnects } from '../connection/linkedConnections.ts'
import { applyConnection, followNetworkSupport, getActiveConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { BaseError } from '../errors/base.ts'
import {
  ConnectionClosedError,
  ConnectionFailedError,
  ConnectorNotFoundError,
  UserRejectedRequestError,
} from '../errors/connection.ts'
import { isUserRejectedRequestError } from '../errors/rpc.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import { addRecentWallet } from '../storage/recentWallets.ts'
import type { CaipNetwork, CaipNetworkId } from '../types/network.ts'
import type { ConnectionAccount } from '../types/state.ts'
import { findNetwork } from '../utils/findNetwork.ts'
import { isMultiWalletEnabled } from '../utils/isMultiWalletEnabled.ts'
import { close } from './close.ts'

export type ConnectParameters = {
  connectorId: string
  /** Network to ask the wallet for; defaults to the active network. */
  network?: CaipNetwork | CaipNetworkId | undefined
  /**
   * How the visitor signed in to an embedded wallet ('email', a social provider, 'farcaster'):
   * kept on the connection, so switching back to it once disconnected reruns that flow.
   */
  authName?: string | undefined
}
export type ConnectReturnType = {
  accounts: readonly ConnectionAccount[]
  address: string
  caipNetworkId: CaipNetworkId
  /** Undefined when the wallet is on a network missing from `networks`. */
  caipNetwork: CaipNetwork | undefined
}
export type ConnectErrorType =
  | ConnectorNotFoundError
  | UserRejectedRequestError
  | ConnectionClosedError
  | ConnectionFailedError

/**
 * Connects a wallet through its connector. Rejects with 'Connection rejected' when the visitor
 * refuses (EIP-1193 4001), 'Modal closed' when the dialog closes first, and 'Failed to connect'
 * otherwise. A successful connect closes the dialog (or, when the visitor came to add another
 * wallet from ProfileWallets, returns there) and remembers the wallet as recent.
 */
export async function connect(
  foyer: Foyer,
  parameters: ConnectParameters,
): Promise<ConnectReturnType> {
  const { connectorId } = parameters
  const connector = foyer.getConnector(connectorId)
  if (!connector) throw new ConnectorNotFoundError({ connectorId })
  const network =
    typeof parameters.network === 'string'
      ? findNetwork(foyer.config.networks, parameters.network)
      : (parameters.network ?? foyer.getState().networkByNamespace[connector.namespace])

  // A newer connect supersedes an older one still waiting on its wallet.
  foyer._internal.pendingConnect?.close()
  const closed = new Promise<never>((_, reject) => {
    foyer._internal.pendingConnect = {
      connectorId,
      close: () => reject(new ConnectionClosedError()),
    }
  })
  foyer.store.setState({ status: 'connecting' })
  foyer._internal.emit({ type: 'SELECT_WALLET', data: { connectorId, name: connector.name } })

  try {
    const result = await Promise.race([connector.connect({ network }), closed])
    if (!result.accounts.length)
      throw new ConnectionFailedError({ details: 'No accounts returned.' })
    applyConnection(foyer, {
      connector,
      accounts: result.accounts,
      caipNetworkId: result.caipNetworkId,
      authName: parameters.authName,
    })
    // A remembered wallet still awaited does not come back over this one (one per namespace).
    forgetPendingReconnects(foyer, {
      namespace: connector.namespace,
      connectorId: isMultiWalletEnabled(foyer) ? connector.id : undefined,
    })
    const recent = foyer.storage.getItem<string[]>(STORAGE_KEYS.recentWallets) ?? []
    foyer.storage.setItem(STORAGE_KEYS.recentWallets, addRecentWallet(recent, connector.id))
    await applyLinkedConnections(foyer, connector)
    const caipNetwork = findNetwork(foyer.config.networks, result.caipNetworkId)
    const address = result.accounts[0]!.address
    foyer._internal.emit({
      type: 'CONNECT_SUCCESS',
      data: {
        connectorId,
        name: connector.name,
        namespace: connector.namespace,
        address,
        caipNetworkId: result.caipNetworkId,
        reconnected: false,
      },
    })
    if (foyer._internal.pendingConnect?.connectorId === connectorId)
      foyer._internal.pendingConnect = undefined
    if (caipNetwork) closeOrReturnToProfileWallets(foyer)
    else followNetworkSupport(foyer, result.caipNetworkId, false)
    return { accounts: result.accounts, address, caipNetworkId: result.caipNetworkId, caipNetwork }
  } catch (error) {
    if (foyer._internal.pendingConnect?.connectorId === connectorId)
      foyer._internal.pendingConnect = undefined
    const state = foyer.getState()
    const stillConnected = Object.keys(state.connections).some((namespace) =>
      getActiveConnection(state, namespace as never),
    )
    foyer.store.setState({ status: stillConnected ? 'connected' : 'disconnected' })
    const failure =
      error instanceof ConnectionClosedError || error instanceof ConnectionFailedError
        ? error
        : isUserRejectedRequestError(error)
          ? new UserRejectedRequestError({ cause: error })
          : error instanceof BaseError
            ? error
            : new ConnectionFailedError({ cause: error })
    foyer._internal.emit({
      type: 'CONNECT_ERROR',
      data: { connectorId, message: failure.shortMessage },
    })
    throw failure
  }
}

/**
 * Ends the connect flow: back to ProfileWallets when the visitor came from it ('Add another
 * wallet', or switching to a disconnected wallet), so they see the new wallet among the others;
 * otherwise the dialog closes.
 */
function closeOrReturnToProfileWallets(foyer: Foyer) {
  const { dialog } = foyer.getState()
  const index = dialog.open
    ? dialog.history.findLastIndex((route) => route.view === 'ProfileWallets')
    : -1
  if (index === -1) return close(foyer)
  const history = dialog.history.slice(0, index + 1)
  const route = history[index]!
  foyer.store.setState({ dialog: { ...dialog, view: route.view, data: route.data, history } })
}
