import type { CaipNetwork } from '@foyer/core'
import { EsploraRequestError, TransactionFailedError } from '../errors.ts'
import { requestEsplora } from './requestEsplora.ts'

export type BroadcastTransactionParameters = {
  network: CaipNetwork
  /** The signed transaction, raw hex. */
  transaction: string
}
/** The txid the node gives back. */
export type BroadcastTransactionReturnType = string
export type BroadcastTransactionErrorType = TransactionFailedError | EsploraRequestError

/**
 * Sends a signed transaction to the network with Esplora's `POST /tx`. A node that refuses it
 * (400: bad signature, missing inputs, fee too low, dust…) rejects with 'Transaction failed' and
 * the node's reason as details.
 */
export async function broadcastTransaction(
  parameters: BroadcastTransactionParameters,
): Promise<BroadcastTransactionReturnType> {
  const { network, transaction } = parameters
  try {
    return (await requestEsplora({
      network,
      path: '/tx',
      method: 'POST',
      body: transaction,
      responseType: 'text',
    })) as string
  } catch (error) {
    // A 4xx is the node's verdict on the transaction; anything else is the network failing.
    if (error instanceof EsploraRequestError && error.status !== undefined && error.status < 500)
      throw new TransactionFailedError({ cause: error, details: error.details })
    throw error
  }
}
