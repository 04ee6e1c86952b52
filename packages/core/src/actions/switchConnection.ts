import { assertConnectionStatus } from '../connection/assertConnectionStatus.ts'
import { applyConnection, getActiveConnection, toChosenNetwork } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { ConnectorNotFoundError } from '../errors/connection.ts'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../types/config.ts'
import type { ChainNamespace } from '../types/network.ts'
import type { Connection, ViewData } from '../types/state.ts'
import type { View } from '../views.ts'
import { connect } from './connect.ts'
import { navigate } from './navigate.ts'

export type SwitchConnectionParameters = {
  connection: Pick<Connection, 'connectorId' | 'status' | 'authName' | 'email'>
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
 * connector; a disconnected one reruns its flow: the wallet's prompt, or the view of its
 * WalletConnect pairing or embedded-wallet sign-in (email, the social provider or Farcaster it was
 * signed in with; an email login starts with its address filled in). Any other status rejects with 'Invalid connection status: {status}', a
 * connector the app no longer has with 'No connector found for connection: {id}'.
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
    const route = flowRoute(connector.type, connection)
    if (route) {
      navigate(foyer, { view: route.view, data: { connectorId: connector.id, ...route.data } })
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

const socialProviders: readonly string[] = SOCIAL_PROVIDERS

/** The dialog view that runs a connector's flow again, for the connectors whose flow is a view. */
function flowRoute(
  type: string,
  { authName, email }: SwitchConnectionParameters['connection'],
): { view: View; data?: ViewData } | undefined {
  if (type === 'walletConnect') return { view: 'ConnectingWalletConnect' }
  if (type !== 'auth') return undefined
  if (authName && socialProviders.includes(authName))
    return { view: 'ConnectingSocial', data: { socialProvider: authName as SocialProvider } }
  if (authName === 'farcaster') return { view: 'ConnectingFarcaster' }
  // The email it signed in with is filled in; the visitor still sends it (a code is mailed).
  return { view: 'EmailLogin', ...(email ? { data: { email } } : {}) }
}
