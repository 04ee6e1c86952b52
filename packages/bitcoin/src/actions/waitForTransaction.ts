import type { CaipNetwork } from '@foyer/core'
import { EsploraRequestError, TransactionFailedError } from '../errors.ts'
import { requestEsplora } from './requestEsplora.ts'

export type WaitForTransactionParameters = {
  network: CaipNetwork
  txid: string
  /** Also wait until a block includes it (default false: known to the node is enough). */
  confirmed?: boolean | undefined
  /** Give up after this long (default 30 s; a confirmation takes ten minutes on mainnet). */
  timeout?: number | undefined
  /** Between status checks (default 500 ms). */
  pollingInterval?: number | undefined
}
export type WaitForTransactionReturnType = {
  confirmed: boolean
  blockHeight: number | undefined
}
export type WaitForTransactionErrorType = TransactionFailedError | EsploraRequestError

type EsploraStatus = { confirmed: boolean; block_height?: number }

/**
 * Resolves once the node knows the transaction (its mempool or a block), from Esplora's
 * `/tx/:txid/status`; a 404 means "not yet". Rejects with 'Transaction failed' after `timeout`.
 */
export async function waitForTransaction(
  parameters: WaitForTransactionParameters,
): Promise<WaitForTransactionReturnType> {
  const { network, txid, confirmed = false, timeout = 30_000, pollingInterval = 500 } = parameters
  const deadline = Date.now() + timeout
  for (;;) {
    const status = (await requestEsplora({ network, path: `/tx/${txid}/status` }).catch(
      (error: unknown) => {
        if (error instanceof EsploraRequestError && error.status === 404) return undefined
        throw error
      },
    )) as EsploraStatus | undefined
    if (status && (status.confirmed || !confirmed))
      return { confirmed: status.confirmed, blockHeight: status.block_height }
    if (Date.now() > deadline)
      throw new TransactionFailedError({
        txid,
        details: `${txid} was not ${confirmed ? 'confirmed' : 'seen by the node'} after ${timeout} ms.`,
      })
    await new Promise((resolve) => setTimeout(resolve, pollingInterval))
  }
}
