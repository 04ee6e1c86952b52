import { type Connection, type FoyerState, getActiveConnection } from '@foyer/core'
import { type Address, getAddress } from 'viem'

/** Foyer connector ids of the connections wagmi made (`wagmiAdapter`), `wagmi:<wagmi connector id>`. */
export const BRIDGED_CONNECTOR_PREFIX = 'wagmi:'

export const isBridgedConnectorId = (connectorId: string) =>
  connectorId.startsWith(BRIDGED_CONNECTOR_PREFIX)

/**
 * The EVM connection Foyer made itself (in its dialog, or restored): the active one of the
 * `eip155` namespace unless it is a wagmi connection bridged into Foyer, which wagmi already has.
 */
export function getFoyerEvmConnection(state: FoyerState): Connection | undefined {
  const connection = getActiveConnection(state, 'eip155')
  return connection && !isBridgedConnectorId(connection.connectorId) ? connection : undefined
}

export const toAddresses = (connection: Connection): Address[] =>
  connection.accounts.map((account) => getAddress(account.address))

/**
 * The chain the EVM wallet is on: the account's own chain while EVM is the active namespace (also
 * a chain missing from Foyer's networks), else the network Foyer chose for EVM.
 */
export function getFoyerEvmChainId(state: FoyerState): number | undefined {
  const caipId =
    state.activeNamespace === 'eip155' && state.account.caipAddress?.startsWith('eip155:')
      ? state.account.caipAddress
      : state.networkByNamespace.eip155?.caipNetworkId
  const chainId = Number(caipId?.split(':')[1])
  return Number.isSafeInteger(chainId) ? chainId : undefined
}
