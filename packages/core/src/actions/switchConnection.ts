import { assertConnectionStatus } from '../connection/assertConnectionStatus.ts'
import { applyConnection, getActiveConnection, toChosenNetwork } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { ConnectorNotFoundError } from '../errors/connection.ts'
import type { ChainNamespace } from '../types/network.ts'
import type { Connection } from '../types/state.ts'
import { connect } from './connect.ts'
import { navigate } from './navigate.ts'

export type SwitchConnectionParameters = {
  connection: Pick<Connection, 'connectorId' | 'status'>
  namespace: ChainNamespace
  /** Address to make current inside that wallet; defaults to its first account. */
  address?: string | undefined
}
export type SwitchConnectionReturnType = {
  hasSwitchedAccount: boolean
  hasSwitchedWallet: boolean
  /** True when the flow continues in the dialog (email, social or WalletConnect). */
  pendingInDialog: boolean
}

/**
 * Switches to another stored connection (SPEC §4): a connected or active one reconnects through its
 * connector; a disconnected one reruns its flow (wallet prompt, or email/social/WalletConnect view).
 * Any other status rejects with 'Invalid connection status: {status}'.
 */
export async function switchConnection(
  foyer: Foyer,
  parameters: SwitchConnectionParameters,
): Promise<SwitchConnectionReturnType> {
  const { connection, namespace } = parameters
  assertConnectionStatus(connection.status)
  const before = foyer.getState()
  const previousAddress = before.account.address
  const previousConnectorId = getActiveConnection(before, namespace)?.connectorId
  const connector = foyer.getConnector(connection.connectorId)
  if (!connector) throw new ConnectorNotFoundError({ connectorId: connection.connectorId })

  if (connection.status === 'disconnected') {
    if (connector.type === 'walletConnect' || connector.type === 'auth') {
      const view = connector.type === 'walletConnect' ? 'ConnectingWalletConnect' : 'EmailLogin'
      navigate(foyer, { view, data: { connectorId: connector.id } })
      return { hasSwitchedAccount: false, hasSwitchedWallet: false, pendingInDialog: true }
    }
    await connect(foyer, { connectorId: connector.id })
  } else {
    let accounts = await connector.getAccounts()
    if (!accounts.length) accounts = (await connector.connect()).accounts
    const chosen = parameters.address
      ? accounts.find((account) => account.address === parameters.address)
      : undefined
    const ordered = chosen
      ? [chosen, ...accounts.filter((account) => account !== chosen)]
      : accounts
    applyConnection(foyer, {
      connector,
      accounts: ordered,
      caipNetworkId: await toChosenNetwork(foyer, connector),
    })
  }
  const after = foyer.getState()
  return {
    hasSwitchedAccount: after.account.address !== previousAddress,
    hasSwitchedWallet: getActiveConnection(after, namespace)?.connectorId !== previousConnectorId,
    pendingInDialog: false,
  }
}
