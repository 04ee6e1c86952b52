import { getConnectedAccount } from '../actions/getConnectedAccount.ts'
import type { Foyer } from '../createFoyer.ts'
import type { Connector } from '../types/connector.ts'
import { EvmAccountRequiredError } from './errors.ts'

/**
 * The active account when it is an EVM one (the account type the visitor chose: EOA or smart
 * account), its connector and the active network's chain id; `EvmAccountRequiredError` otherwise.
 */
export function getEvmAccount(foyer: Foyer): {
  connector: Connector
  address: `0x${string}`
  chainId: number
} {
  const state = foyer.getState()
  const { connector, address } = getConnectedAccount(foyer)
  if (connector.namespace !== 'eip155' || state.activeNetwork.chainNamespace !== 'eip155')
    throw new EvmAccountRequiredError({ namespace: connector.namespace })
  return { connector, address: address as `0x${string}`, chainId: Number(state.activeNetwork.id) }
}

/** `0x`-hex of a non-negative integer, as JSON-RPC quantities are written. */
export const toQuantity = (value: bigint | number): `0x${string}` => `0x${value.toString(16)}`
