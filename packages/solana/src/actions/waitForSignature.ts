import type { CaipNetwork } from '@foyer/core'
import type { Signature } from '@solana/kit'
import { TransactionFailedError } from '../errors.ts'
import { createRpc } from './createRpc.ts'

export type WaitForSignatureParameters = {
  network: CaipNetwork
  signature: string
  /** Give up after this long (default 60 s, a little under a blockhash's lifetime). */
  timeout?: number | undefined
  /** Between status checks (default 400 ms, one slot). */
  pollingInterval?: number | undefined
}
export type WaitForSignatureReturnType = { slot: bigint }
export type WaitForSignatureErrorType = TransactionFailedError

/**
 * Resolves once the transaction is confirmed; rejects with 'Transaction failed' when it failed on
 * chain or was not confirmed in time. Polls `getSignatureStatuses`, which every RPC serves.
 */
export async function waitForSignature(
  parameters: WaitForSignatureParameters,
): Promise<WaitForSignatureReturnType> {
  const { signature, timeout = 60_000, pollingInterval = 400 } = parameters
  const rpc = createRpc(parameters)
  const deadline = Date.now() + timeout
  for (;;) {
    const {
      value: [status],
    } = await rpc.getSignatureStatuses([signature as Signature]).send()
    if (status?.err)
      throw new TransactionFailedError({ signature, details: JSON.stringify(status.err) })
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return { slot: status.slot }
    if (Date.now() > deadline)
      throw new TransactionFailedError({ signature, details: `Not confirmed after ${timeout} ms.` })
    await new Promise((resolve) => setTimeout(resolve, pollingInterval))
  }
}
