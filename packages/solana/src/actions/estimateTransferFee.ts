import {
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { TransactionFailedError } from '../errors.ts'
import {
  type BuildTransferTransactionErrorType,
  type BuildTransferTransactionParameters,
  buildTransferTransaction,
} from './buildTransferTransaction.ts'
import { createRpc } from './createRpc.ts'

export type EstimateTransferFeeParameters = BuildTransferTransactionParameters
export type EstimateTransferFeeReturnType = {
  /** Lamports the network charges for the transaction (signatures and any priority fee). */
  fee: bigint
  /** Signatures the transaction carries (the base fee is charged per signature). */
  signatures: number
  /** True when the transfer also creates the receiver's token account (its rent comes on top). */
  createsTokenAccount: boolean
}
export type EstimateTransferFeeErrorType =
  | BuildTransferTransactionErrorType
  | TransactionFailedError

/**
 * The fee of the transfer `buildTransferTransaction` would build, as the network computes it for
 * that very message (`getFeeForMessage`), so "send everything" can leave exactly the fee.
 */
export async function estimateTransferFee(
  parameters: EstimateTransferFeeParameters,
): Promise<EstimateTransferFeeReturnType> {
  const { transaction, createsTokenAccount } = await buildTransferTransaction(parameters)
  const { messageBytes } = getTransactionDecoder().decode(transaction)
  const { header } = getCompiledTransactionMessageDecoder().decode(messageBytes)
  const message = getBase64Decoder().decode(messageBytes) as TransactionMessageBytesBase64
  const { value } = await createRpc(parameters)
    .getFeeForMessage(message, { commitment: 'confirmed' })
    .send()
  // `null`: the RPC no longer knows the message's blockhash, so it cannot price it.
  if (value === null)
    throw new TransactionFailedError({ details: 'The RPC could not price the transfer message.' })
  return { fee: BigInt(value), signatures: header.numSignerAccounts, createsTokenAccount }
}
