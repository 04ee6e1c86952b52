import { getActiveConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError } from '../errors/connection.ts'
import type { Connector } from '../types/connector.ts'
import type { CaipNetwork } from '../types/network.ts'
import type { TokenBalance } from '../types/state.ts'
import { SendNotSupportedError } from './errors.ts'
import { loadViem, tokenContractAddress } from './publicClient.ts'
import { firstSendFormError, validateSendForm } from './validateSendForm.ts'

export type PreparedTransfer = {
  connector: Connector
  network: CaipNetwork
  token: TokenBalance
  /** Amount as typed, trimmed. */
  amount: string
  /** Amount in the token's smallest unit. */
  amountValue: bigint
  receiver: `0x${string}`
  /** The transaction to sign: native value to the receiver, or `transfer` on the token. */
  transaction: { from: `0x${string}`; to: `0x${string}`; value: bigint; data?: `0x${string}` }
}

/**
 * Validates the send form and builds the EVM transaction for it. Throws the first form error
 * (SPEC §5 texts) or why nothing can be sent.
 */
export async function prepareTransfer(foyer: Foyer): Promise<PreparedTransfer> {
  const state = foyer.getState()
  const { send, activeNetwork: network } = state
  const formError = firstSendFormError(
    validateSendForm({ ...send, namespace: network.chainNamespace }),
  )
  if (formError) throw formError
  if (network.chainNamespace !== 'eip155')
    throw new SendNotSupportedError({ details: `${network.caipNetworkId} is not an EVM network.` })
  const connection = getActiveConnection(state)
  const connector = connection ? foyer.getConnector(connection.connectorId) : undefined
  const from = state.account.address
  if (!connector || !from) throw new NotConnectedError()

  const token = send.token!
  const amount = send.sendTokenAmount!.trim()
  const receiverInput = send.receiverAddress!.trim()
  const { encodeFunctionData, erc20Abi, getAddress, parseUnits } = await loadViem()
  // SPEC §5 allows an address without 0x; the wallet needs it.
  const receiver = getAddress(receiverInput.startsWith('0x') ? receiverInput : `0x${receiverInput}`)
  const amountValue = parseUnits(amount, Number(token.quantity.decimals))
  const sender = getAddress(from)
  const transaction = token.address
    ? {
        from: sender,
        to: getAddress(tokenContractAddress(token.address)),
        value: 0n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [receiver, amountValue],
        }),
      }
    : { from: sender, to: receiver, value: amountValue }
  return { connector, network, token, amount, amountValue, receiver, transaction }
}
