import type { Foyer } from '../createFoyer.ts'
import type { ConnectorNotFoundError, NotConnectedError } from '../errors/connection.ts'
import { getConnectedAccount } from './getConnectedAccount.ts'

export type SendTransactionParameters = {
  to: string
  /** In the network's smallest unit (wei, lamports). */
  value?: bigint | undefined
  data?: string | undefined
}
/** The transaction hash (signature on Solana). */
export type SendTransactionReturnType = string
export type SendTransactionErrorType = NotConnectedError | ConnectorNotFoundError | Error

/** Asks the connected wallet to send a transaction from the active account. */
export async function sendTransaction(
  foyer: Foyer,
  { to, value, data }: SendTransactionParameters,
): Promise<SendTransactionReturnType> {
  const { connector, address } = getConnectedAccount(foyer)
  if (connector.sendTransaction)
    return connector.sendTransaction({ from: address, to, value, data })
  const transaction = {
    from: address,
    to,
    data,
    value: value === undefined ? undefined : `0x${value.toString(16)}`,
  }
  return String(await connector.request({ method: 'eth_sendTransaction', params: [transaction] }))
}
