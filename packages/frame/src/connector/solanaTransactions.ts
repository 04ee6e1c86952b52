// Loaded with `import()` on the first Solana signature or transfer: the codecs and the transfer
// builder stay out of the app's first load.
import type { CaipNetwork } from '@foyer/core'
import {
  buildTransferTransaction,
  estimateTransferFee,
  sendWireTransaction,
  waitForSignature,
} from '@foyer/solana'
import { base58, base64 } from '@scure/base'

export { base58, base64 }

export type SolanaTransfer = {
  network: CaipNetwork
  from: string
  to: string
  amount: bigint
  mint?: string | undefined
}

/**
 * Builds the SOL or SPL transfer in the app (`@foyer/solana`'s builder), has `sign` (the frame)
 * sign it, sends it through the network's RPC and, unless `confirm` is false, waits until the
 * network confirms it. Resolves with the base58 signature.
 */
export async function sendSignedTransfer(
  transfer: SolanaTransfer & { confirm: boolean },
  sign: (transaction: Uint8Array) => Promise<Uint8Array>,
): Promise<string> {
  const { network } = transfer
  const { transaction } = await buildTransferTransaction(transfer)
  const signed = await sign(transaction)
  const signature = await sendWireTransaction({ network, transaction: signed })
  if (transfer.confirm) await waitForSignature({ network, signature })
  return signature
}

/** The fee of that same transfer, priced by the network's RPC (`getFeeForMessage`). */
export async function priceTransfer(transfer: SolanaTransfer) {
  const { fee, signatures } = await estimateTransferFee(transfer)
  return { fee, signatures }
}
