import type { Foyer } from '../createFoyer.ts'
import type { ConnectorNotFoundError, NotConnectedError } from '../errors/connection.ts'
import type {
  Connector,
  SendTransactionParameters as ConnectorSendTransactionParameters,
} from '../types/connector.ts'
import { getBalance } from './getBalance.ts'
import { getConnectedAccount } from './getConnectedAccount.ts'

export type SendTransactionParameters = {
  to: string
  /** In the network's smallest unit (wei, lamports, satoshis). */
  value?: bigint | undefined
  data?: string | undefined
}
/** The transaction hash (signature on Solana, txid on Bitcoin). */
export type SendTransactionReturnType = string
export type SendTransactionErrorType = NotConnectedError | ConnectorNotFoundError | Error

/**
 * Asks the connected wallet to send a transaction from the active account. Off EVM (Bitcoin,
 * Cosmos, Polkadot), where the adapter builds a native transfer and resolves once the network has
 * it, the balance shown is refreshed too.
 */
export async function sendTransaction(
  foyer: Foyer,
  { to, value, data }: SendTransactionParameters,
): Promise<SendTransactionReturnType> {
  const { connector, address } = getConnectedAccount(foyer)
  const hash = await send(connector, { from: address, to, value, data })
  if (connector.namespace !== 'eip155')
    void getBalance(foyer, { address, force: true }).catch(() => {})
  return hash
}

function send(connector: Connector, transaction: ConnectorSendTransactionParameters) {
  const { from, to, value, data } = transaction
  if (connector.sendTransaction) return connector.sendTransaction(transaction)
  // Connectors that build native transfers themselves take no calldata.
  if (connector.sendTransfer && connector.namespace !== 'eip155' && data === undefined)
    return connector.sendTransfer({ from, to, amount: value ?? 0n })
  const request = {
    from,
    to,
    data,
    value: value === undefined ? undefined : `0x${value.toString(16)}`,
  }
  return connector
    .request({ method: 'eth_sendTransaction', params: [request] })
    .then((result) => String(result))
}
