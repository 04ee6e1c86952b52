import { getActiveConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError } from '../errors/connection.ts'
import type { Connector, ConnectorTransferParameters } from '../types/connector.ts'
import type { CaipNetwork } from '../types/network.ts'
import type { TokenBalance } from '../types/state.ts'
import { SendNotSupportedError } from './errors.ts'
import { parseAmount } from './parseAmount.ts'
import { tokenContractAddress } from './publicClient.ts'
import { firstSendFormError, validateSendForm } from './validateSendForm.ts'

export type PreparedSolanaTransfer = {
  /** The active Solana connection's connector; it builds, signs and sends the transfer. */
  connector: Connector
  network: CaipNetwork
  token: TokenBalance
  /** Amount as typed, trimmed. */
  amount: string
  /** What `connector.sendTransfer` takes: lamports or the token's base units, the mint for SPL. */
  transfer: ConnectorTransferParameters
}

/**
 * Validates the send form for a Solana network and describes the transfer in the connector's
 * terms. Throws the first form error (SPEC §5 texts) or why nothing can be sent.
 */
export function prepareSolanaTransfer(foyer: Foyer): PreparedSolanaTransfer {
  const state = foyer.getState()
  const { send, activeNetwork: network } = state
  const formError = firstSendFormError(validateSendForm({ ...send, namespace: 'solana' }))
  if (formError) throw formError
  if (network.chainNamespace !== 'solana')
    throw new SendNotSupportedError({
      details: `${network.caipNetworkId} is not a Solana network.`,
    })
  const connection = getActiveConnection(state)
  const connector = connection ? foyer.getConnector(connection.connectorId) : undefined
  const from = state.account.address
  if (!connector || !from || connector.namespace !== 'solana') throw new NotConnectedError()

  const token = send.token!
  const amount = send.sendTokenAmount!.trim()
  // The form validated the amount against the token's decimals.
  const value = parseAmount(amount, Number(token.quantity.decimals))!
  const mint = token.address && tokenContractAddress(token.address)
  return {
    connector,
    network,
    token,
    amount,
    transfer: { from, to: send.receiverAddress!.trim(), amount: value, mint },
  }
}
